# make iso: build/tick386.iso, one GRUB image for a CD or USB stick that
# boots on BIOS PCs (GRUB i386-pc) and on UEFI PCs, with 64-bit firmware
# (GRUB x86_64-efi) or 32-bit firmware (GRUB i386-efi), with the kernel
# and, for its last menu entry, the test image:
#     dd if=build/tick386.iso of=/dev/sdX bs=4M   (the whole stick, not a partition)
# grub-mkrescue (grub-common) lays out the El Torito/hybrid image with
# xorriso, and the EFI system partition inside it with mtools, for every
# platform whose GRUB modules are installed: grub-pc-bin,
# grub-efi-amd64-bin and grub-efi-ia32-bin (tools/packages) give all three.
# boot/grub/grub.cfg is its menu.
#
# Layer test-iso: the same kernel in an image whose menu boots at once with
# test=ktest_selftest, booted by QEMU (SeaBIOS) from the CD through GRUB's
# multiboot v1 loader in VGA text mode (the multiboot2 boots are
# test-uefi's, mk/uefi.mk); the KTAP result is judged like the kernel
# layer's (tools/grub-iso-test).

ISO          := $(BUILD)/tick386.iso
TEST_ISO     := $(BUILD)/tick386-test.iso
ISO_TEST_APPEND ?= test=ktest_selftest
ISO_TEST_TIMEOUT ?= 60
# Files loaded by GRUB as multiboot modules, in order: the first is init.
# By default init (given -i: the demo, then the shell on the console, the
# VGA screen + keyboard and COM1 at once) and the initramfs (/bin/*).
#     make iso ISO_MODULES="build/user/bin/demo"
ISO_MODULES  ?= $(BUILD)/user/bin/init $(INITRAMFS)
# The test image boots only the ktest selection: no modules.
ISO_TEST_MODULES ?=
# Each "# @MODULES@" line of a menu becomes one module line per file:
# "module2" under a "multiboot2" kernel line, "module" under "multiboot".
ISO_MODULE_AWK := { if ($$1 == "multiboot2") mod = "module2"; else if ($$1 == "multiboot") mod = "module"; \
    if ($$1 == "\#" && $$2 == "@MODULES@") { \
        n = split(mods, m, " "); \
        for (i = 1; i <= n; i++) { k = split(m[i], p, "/"); \
            print "\t" mod " /boot/modules/" p[k] " " p[k] (p[k] == "init" ? " -i" : "") } \
    } else print }

# Images are reproducible from the kernel and the menu: one staging tree each.
#     $(call iso_image,MENU_COMMAND,IMAGE,MODULES)
define iso_image
	@rm -rf $(2).root && mkdir -p $(2).root/boot/grub
	@cp $(KERNEL) $(2).root/boot/kernel.elf
	@cp $(TEST_KERNEL) $(2).root/boot/kernel-test.elf
	@$(if $(3),mkdir -p $(2).root/boot/modules && cp $(3) $(2).root/boot/modules/)
	@$(1) | awk -v mods="$(3)" '$(ISO_MODULE_AWK)' > $(2).root/boot/grub/grub.cfg
	@$(if $(Q),echo "  ISO     $(2)")
	$(Q)grub-mkrescue -o $(2) $(2).root >$(2).log 2>&1 || { cat $(2).log >&2; exit 1; }
endef

iso: deps $(ISO)
	@echo "tick386: $(ISO) ready; boot it with: $(QEMU) -cdrom $(ISO) -serial stdio"

$(ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub.cfg $(ISO_MODULES) FORCE_ISO_APPEND
	$(call iso_image,cat boot/grub/grub.cfg,$@,$(ISO_MODULES))

# The test menu's loader (multiboot: v1, VGA text; multiboot2: the
# framebuffer), kernel and command line:
#     $(call iso_test_menu,LOADER,KERNEL,APPEND)
iso_test_menu = sed 's|@LOADER@|$(1)|; s|@KERNEL@|$(2)|; s|@APPEND@|$(3)|' boot/grub/grub-test.cfg
$(TEST_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg $(ISO_TEST_MODULES) FORCE_ISO_APPEND
	$(call iso_image,$(call iso_test_menu,multiboot,kernel-test.elf,$(ISO_TEST_APPEND)),$@,$(ISO_TEST_MODULES))

.PHONY: FORCE_ISO_APPEND test-iso
FORCE_ISO_APPEND:

TEST_LAYERS += test-iso
# The KTAP on the serial line is the stream; grub-iso-test's own verdicts
# (banner, loader, QEMU's exit status) end it with "Bail out!" when they fail.
test-iso: deps
	$(call test_layer,$(TEST_ISO),$(call tap_stream,$(LAYER_TAP)/iso.ktap,tools/grub-iso-test $(TEST_ISO) $(ISO_TEST_TIMEOUT)))
