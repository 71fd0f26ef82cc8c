# Layer 2: in-kernel KTAP tests, booted in QEMU by tools/ktest-run.
#
# test-kernel runs every suite (test=all).  test-ktest-runner checks the
# harness itself: a kernel page fault and a hang must both be reported as
# failures, or the kernel layer could pass while the kernel is broken.

KTEST_TIMEOUT ?= 300

.PHONY: test-kernel test-ktest-runner
TEST_LAYERS += test-ktest-runner test-kernel

test-kernel: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory test-kernel-image >$(BUILD)/kernel-build.log 2>&1 || \
	    { cat $(BUILD)/kernel-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@KTEST_APPEND="host_epoch=$$(date +%s) $$KTEST_APPEND" tools/ktest-run $(TEST_KERNEL) all $(KTEST_TIMEOUT) | tee $(BUILD)/ktest-all.log | \
	    grep -v '^ktest-run:' >&2; \
	    sed -n 's/^ktest-run: //p' $(BUILD)/ktest-all.log > $(BUILD)/results/$@.counts

test-ktest-runner: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory test-kernel-image >$(BUILD)/kernel-build.log 2>&1 || \
	    { cat $(BUILD)/kernel-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@tools/check-ktest-runner $(TEST_KERNEL) > $(BUILD)/results/$@.counts
