# Layer test-signals: the user-level signal tests (tests/signals/t_*.c),
# each run on tick386 (tools/runprog) and on the Linux host (glibc), the
# oracle.  tests/signals/run counts their TAP and how each one ended.

TEST_LAYERS += test-signals
.PHONY: test-signals
test-signals: deps
	$(call test_layer,kernel user-libc,tests/signals/run $(abspath $(KERNEL)) $(abspath $(BUILD)/signal-tests) $(LAYER_TAP))
