# Layer test-bochs: a second PC model.  The test image, in a GRUB ISO, booted
# by Bochs (tools/bochs-run: its own CPU, PIC, PIT, RTC and BIOS, emulated
# time tied to the instruction count) runs every in-kernel suite but pit.
# Bochs's PIT lands one-shot interrupts up to 27 us after their terminal
# count (measured: pit's test_oneshot_error, max 27177 ns over 1000
# one-shots, mean 3367 ns), where the pit suite's bound of one tick + 5 us
# is QEMU's; everything else must hold on both machines.

BOCHS_ISO    := $(BUILD)/tick386-bochs.iso
BOCHS_APPEND := test=all,-pit

$(BOCHS_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg
	$(call iso_image,$(call iso_test_menu,multiboot,kernel-test.elf,$(BOCHS_APPEND)),$@)

#
# Then Bochs with its local APIC and I/O APIC in use (tools/bochs-matrix,
# tests/bochs/rows): in test-bochs, the rows marked y (the TSC-deadline
# timer, which QEMU 7.2's TCG does not offer, so Bochs is where its code
# runs, through the I/O APIC) with the clock event suite only, about 10
# seconds; `make test-bochs-all` (not in make test, 2 to 4 minutes), every
# row with every suite but pit.

TEST_LAYERS += test-bochs
.PHONY: test-bochs test-bochs-all
test-bochs: deps
	$(call test_layer,$(BOCHS_ISO) kernel test-kernel-image,\
	    $(call tap_stream,$(LAYER_TAP)/kernel.ktap,tools/bochs-run $(BOCHS_ISO) 300); \
	    tools/bochs-matrix short $(LAYER_TAP) $(KERNEL) $(TEST_KERNEL))

test-bochs-all: deps
	$(call test_layer,kernel test-kernel-image,\
	    tools/bochs-matrix full $(LAYER_TAP) $(KERNEL) $(TEST_KERNEL))
