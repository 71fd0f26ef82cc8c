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

TEST_LAYERS += test-bochs
.PHONY: test-bochs
test-bochs: deps
	$(call test_layer,$(BOCHS_ISO),$(call tap_stream,$(LAYER_TAP)/kernel.ktap,tools/bochs-run $(BOCHS_ISO) 300))
