# Layer 2: in-kernel KTAP tests, booted in QEMU by tools/ktest-run.
#
# test-kernel runs every suite (test=all).  test-ktest-runner checks the
# harness itself: a kernel page fault and a hang must both be reported as
# failures, or the kernel layer could pass while the kernel is broken.

KTEST_TIMEOUT ?= 300

.PHONY: test-kernel test-ktest-runner
TEST_LAYERS += test-ktest-runner test-kernel

test-kernel: deps
	$(call test_layer,test-kernel-image,KTEST_APPEND="host_epoch=$$(date +%s) $$KTEST_APPEND" \
	    KTEST_TAP=$(LAYER_TAP)/all.ktap tools/ktest-run $(TEST_KERNEL) all $(KTEST_TIMEOUT) >&2)

test-ktest-runner: deps
	$(call test_layer,test-kernel-image,tools/check-ktest-runner $(TEST_KERNEL) > $(LAYER_TAP)/check-ktest-runner.tap)
