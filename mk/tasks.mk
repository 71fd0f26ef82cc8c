# Layer test-user: user-level kernel tests (tests/user/t_*.c), each built
# against user/libc and booted as init, some with helper programs as more
# modules; tests/user/run counts their TAP and checks how init ended, the
# console lines the kernel must print and that init's exit freed every page.

TEST_LAYERS += test-user
.PHONY: test-user
test-user: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory kernel user-libc >$(BUILD)/user-tests-build.log 2>&1 || \
	    { cat $(BUILD)/user-tests-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@tests/user/run $(abspath $(KERNEL)) $(abspath $(BUILD)/user-tests) $(BUILD)/results/$@.counts
