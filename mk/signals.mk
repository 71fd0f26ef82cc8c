# Layer test-signals: the user-level signal tests (tests/signals/t_*.c),
# each run on tick386 (tools/runprog) and on the Linux host (glibc), the
# oracle.  tests/signals/run counts their TAP and how each one ended.

TEST_LAYERS += test-signals
.PHONY: test-signals
test-signals: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory kernel user-libc >$(BUILD)/signal-tests-build.log 2>&1 || \
	    { cat $(BUILD)/signal-tests-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@tests/signals/run $(abspath $(KERNEL)) $(abspath $(BUILD)/signal-tests) $(BUILD)/results/$@.counts
