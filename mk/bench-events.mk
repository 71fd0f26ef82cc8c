# `make bench-events` (also the last table of `make bench-kernel`): the
# clock event devices side by side, the PIT first.  The test kernel's
# explicit suite clockevent_bench (kernel/time/clockevent_bench_ktest.c)
# is booted once per device (clockevent=DEVICE):
#  - on QEMU under make bench-kernel's options (-icount shift=3 by
#    tools/ktest-run; -M pc, which has an HPET; the CMOS clock on virtual
#    time), so its rows are exact instruction counts, the same every run;
#  - on Bochs (tools/bochs-run, 100 M instructions a second: 10 ns an
#    instruction) with a CPU model whose CPUID offers the TSC-deadline timer,
#    which QEMU 7.2's TCG does not: there the lapic-deadline row is "not
#    offered" and Bochs's is the only one.
# bench/kernel/event-table prints the table.  Figures, not a test; about a
# minute (Bochs's four boots).  The QEMU rows of the PIT, the HPET and the
# local APIC are also gated: test-bench-gate in mk/bench-kernel.mk.
KBENCH_EVENT_DEVS  := pit hpet lapic lapic-deadline
KBENCH_EVENT_GATED := pit hpet lapic
KBENCH_EVENT_QEMU  := -m 256 -cpu qemu32 -M pc -rtc base=2025-01-01T00:00:00,clock=vm
KBENCH_EVENT_BOCHS_CPU := corei7_haswell_4770
KBENCH_EVENT_DIR   := $(BUILD)/kbench/events

# $(call kbench_event_qemu,DEVICE,OUT): one QEMU run, its output in OUT.
kbench_event_qemu = KTEST_APPEND="clockevent=$(1)" KTEST_QEMU_ARGS="$(KBENCH_EVENT_QEMU)" \
    tools/ktest-run $(TEST_KERNEL) clockevent_bench 120 >$(2)

# $(call kbench_event_rows,OUT): the gated devices' QEMU rows appended to
# OUT (a kbench run's output, for bench/kernel/gate); a failed run leaves
# its rows out, which the gate reports by name.
kbench_event_rows = for d in $(KBENCH_EVENT_GATED); do \
        $(call kbench_event_qemu,$$d,$(1).$$d) || tail -n 20 $(1).$$d >&2; \
        grep '^kbench: ' $(1).$$d >>$(1); \
    done

$(KBENCH_EVENT_DIR)/bochs-%.iso: $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg
	@mkdir -p $(dir $@)
	$(call iso_image,$(call iso_test_menu,multiboot,kernel-test.elf,test=clockevent_bench clockevent=$*),$@)

.PHONY: bench-events
bench-events: deps $(TEST_KERNEL) $(foreach d,$(KBENCH_EVENT_DEVS),$(KBENCH_EVENT_DIR)/bochs-$(d).iso)
	@mkdir -p $(KBENCH_EVENT_DIR)
	@echo "bench-events: QEMU, then Bochs ($(KBENCH_EVENT_BOCHS_CPU)): $(KBENCH_EVENT_DEVS)" >&2
	@for d in $(KBENCH_EVENT_DEVS); do \
	    $(call kbench_event_qemu,$$d,$(KBENCH_EVENT_DIR)/qemu-$$d.out) || \
	        { cat $(KBENCH_EVENT_DIR)/qemu-$$d.out; exit 1; }; \
	    BOCHS_CPU=$(KBENCH_EVENT_BOCHS_CPU) tools/bochs-run $(KBENCH_EVENT_DIR)/bochs-$$d.iso 300 \
	        >$(KBENCH_EVENT_DIR)/bochs-$$d.out 2>&1 && \
	    grep -q '^# ktest: 1 suites, 0 failed' $(KBENCH_EVENT_DIR)/bochs-$$d.out || \
	        { cat $(KBENCH_EVENT_DIR)/bochs-$$d.out; exit 1; }; \
	done
	@bench/kernel/event-table \
	    $(foreach d,$(KBENCH_EVENT_DEVS),$(d):QEMU:8:$(KBENCH_EVENT_DIR)/qemu-$(d).out) \
	    $(foreach d,$(KBENCH_EVENT_DEVS),$(d):Bochs:10:$(KBENCH_EVENT_DIR)/bochs-$(d).out)
	@echo
	@echo "QEMU: $(KBENCH_EVENT_QEMU) -icount shift=3,align=off,sleep=off"
	@echo "Bochs: cpu model=$(KBENCH_EVENT_BOCHS_CPU), ips=100000000, clock sync=none (tools/bochs-run)"
