# Layer test-no-tsc: the same kernel on a CPU without a time-stamp counter
# (QEMU's qemu32 with the tsc flag off), where channel 2 of the PIT is the
# clock source (kernel/time/clock.c; clocksource=pit, since the HPET and the
# PM timer rate higher and test-clock-matrix covers them): every in-kernel suite, then the
# conformance suite's timed programs compared line by line with Linux, as test-kernel and
# test-conformance-tick386 do on the TSC.  (The kernel is built for i686:
# a P5 Pentium or a 486 has no CMOV and cannot run it at all.)

NOTSC_CPU := -cpu qemu32,-tsc
# The conformance programs whose answers cannot depend on the clock source
# (files, processes, bad pointers; the queues' timed waits sleep as clock_nanosleep
# does, which runs here): they run once, in test-conformance-tick386,
# and are left out here to keep make test within its budget.
NOTSC_CONF_UNTIMED := efault efault_libc exec files pipe proc process sched_prctl waitid mqueue sem_named \
                      tmpfs fifo fallocate mmap fcntl eventfd uname stdio_proc \
                      sockets links creds flock capability proc_cpuinfo_sys personality prio_mlock \
                      sysv_msg sysv_sem
NOTSC_CONF_SRC := $(filter-out $(addprefix tests/conformance/,$(addsuffix .c,$(NOTSC_CONF_UNTIMED))),$(CONF_SRC))

TEST_LAYERS += test-no-tsc
.PHONY: test-no-tsc
test-no-tsc: deps
	$(call test_layer,test-kernel-image kernel user-libc initramfs,\
	    KTEST_QEMU_ARGS="$(NOTSC_CPU)" KTEST_APPEND=clocksource=pit KTEST_TAP=$(LAYER_TAP)/kernel.ktap \
	        tools/ktest-run $(TEST_KERNEL) all $(KTEST_TIMEOUT) >$(BUILD)/no-tsc-kernel.log 2>&1; \
	    if grep -q 'PIT channel 2 as clock source' $(BUILD)/no-tsc-kernel.log; then \
	        printf '1..1\nok 1 - the kernel took the PIT as its clock source\n'; \
	    else printf '1..1\nnot ok 1 - the kernel did not take the PIT as its clock source\n'; \
	    fi >$(LAYER_TAP)/clock-source.tap; \
	    (for n in $(CONF_NAMES); do [ -r $(CONF_HOST_DIR)/$$n.out ] || exit 1; done) || \
	        $(MAKE) --no-print-directory test-conformance-host >/dev/null; \
	    RUNPROG_APPEND=clocksource=pit RUNPROG_QEMU_ARGS="$(NOTSC_CPU) $(CONF_ICOUNT)" tests/conformance/harness tick386 $(LAYER_TAP) \
	        $(BUILD)/conformance/no-tsc $(CONF_HOST_DIR) $(NOTSC_CONF_SRC))
