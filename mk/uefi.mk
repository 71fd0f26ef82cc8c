# The framebuffer and UEFI boots of make iso's image.
#
#     make run-gui [RUN_GUI_FIRMWARE=ovmf64|ovmf32|seabios]
# boots the image (build/tick386.iso) in a QEMU window: the console drawn on
# the framebuffer, with the keyboard; COM1 stays on this terminal.  The
# window is QEMU's GTK front end, Debian's qemu-system-gui, which only this
# target needs: it installs it (as root) or says how.
#
# Layer test-uefi (about 25 s: two firmware boots under TCG, one a core, at
# once):
#   - OVMF x86-64 boots the demo image (make iso's menu with no timeout):
#     tools/fb-screen-test waits for the shell's banner on COM1, takes a
#     screendump through QEMU's monitor and searches it for the demo's
#     lines drawn with the kernel's font (tools/fb-find-text, no OCR);
#   - OVMF ia32 (32-bit UEFI) boots the test kernel with UEFI_KTEST_APPEND
#     on the framebuffer and the KTAP comes back on COM1 (tools/grub-iso-test).
# make test-uefi-all (not in make test: about two minutes) boots the demo on
# all three firmwares, SeaBIOS with a VBE framebuffer included, and every
# suite (test=all) on the framebuffer with each.

DEMO_ISO      := $(BUILD)/tick386-demo.iso
GFX_TEST_ISO  := $(BUILD)/tick386-test-gfx.iso
GFX_TEST_ALL_ISO := $(BUILD)/tick386-test-gfx-all.iso
# A short selection for make test: the framebuffer console, the page
# allocator and paging (the device window shrank the direct map), the
# harness; test-uefi-all runs every suite.
UEFI_KTEST_APPEND ?= test=ktest_selftest,fbcon,pmm,paging,vsnprintf
UEFI_TIMEOUT  ?= 120
RUN_GUI_FIRMWARE ?= ovmf64

$(DEMO_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg $(ISO_MODULES)
	$(call iso_image,$(call iso_test_menu,multiboot2,kernel.elf,),$@,$(ISO_MODULES))

$(GFX_TEST_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg FORCE_ISO_APPEND
	$(call iso_image,$(call iso_test_menu,multiboot2,kernel-test.elf,$(UEFI_KTEST_APPEND)),$@,)

$(GFX_TEST_ALL_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg
	$(call iso_image,$(call iso_test_menu,multiboot2,kernel-test.elf,test=all),$@,)

# The lines the demo leaves on the screen when the shell starts.
DEMO_SCREEN_TEXT := "5. timers deleted; goodbye" \
                    "tick386 sh: type help for the commands, ^D to leave" \
                    "multiboot2; framebuffer RGB"

.PHONY: run-gui test-uefi test-uefi-all
run-gui: deps iso
	@tools/ensure-deps qemu-system-gui
	@echo "tick386: booting $(ISO) on $(RUN_GUI_FIRMWARE) in a window; COM1 here, Ctrl-A X quits"
	@d=$$(mktemp -d); trap 'rm -rf "$$d"' EXIT; \
	    $$(tools/qemu-firmware $(RUN_GUI_FIRMWARE) $$d) -cdrom $(ISO) -m 256 \
	    -nic none -serial mon:stdio -no-reboot -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	    -rtc base=utc; \
	    rc=$$?; [ $$rc -eq 1 ] || [ $$rc -eq 0 ] || { echo "tick386: QEMU exit status $$rc"; exit $$rc; }

# $(call uefi_screen,FIRMWARE): the demo image's screen on FIRMWARE (a TAP stream).
uefi_screen = $(call tap_stream,$(LAYER_TAP)/screen-$(1).tap,\
    tools/fb-screen-test $(1) $(DEMO_ISO) $(UEFI_TIMEOUT) $(LAYER_TAP)/screen-$(1).ppm $(DEMO_SCREEN_TEXT))
# $(call uefi_ktest,FIRMWARE,ISO): the suites on FIRMWARE (a KTAP stream).
uefi_ktest = $(call tap_stream,$(LAYER_TAP)/ktest-$(1).ktap,\
    FIRMWARE=$(1) tools/grub-iso-test $(2) $(UEFI_TIMEOUT))

TEST_LAYERS += test-uefi
test-uefi: deps
	$(call test_layer,$(DEMO_ISO) $(GFX_TEST_ISO),{ $(call uefi_screen,ovmf64); } & \
	    { $(call uefi_ktest,ovmf32,$(GFX_TEST_ISO)); }; wait)

test-uefi-all: deps
	$(call test_layer,$(DEMO_ISO) $(GFX_TEST_ALL_ISO),$(call uefi_screen,ovmf64); \
	    $(call uefi_screen,ovmf32); $(call uefi_screen,seabios); \
	    $(call uefi_ktest,ovmf64,$(GFX_TEST_ALL_ISO)); $(call uefi_ktest,ovmf32,$(GFX_TEST_ALL_ISO)); \
	    $(call uefi_ktest,seabios,$(GFX_TEST_ALL_ISO)))
