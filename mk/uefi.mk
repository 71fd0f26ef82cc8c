# The framebuffer and UEFI boots of make iso's image.
#
#     make run-gui [RUN_GUI_FIRMWARE=ovmf64|ovmf32|seabios]
# boots the image (build/tick386.iso) in a QEMU window: the console drawn on
# the framebuffer, with the keyboard; COM1 stays on this terminal.  The
# window is QEMU's GTK front end, Debian's qemu-system-gui, which only this
# target needs: it installs it (as root) or says how.
#
# Layer test-uefi (two firmware boots under TCG at once, one a core: 25 s
# on an idle machine, about 60 s with the load of eight builds at once):
#   - OVMF x86-64 boots the demo image (make iso's menu with no timeout):
#     tools/fb-screen-test waits for the shell's banner on COM1, takes a
#     screendump through QEMU's monitor and searches it for the demo's
#     lines drawn with the kernel's font (tools/fb-find-text, no OCR);
#   - OVMF ia32 (32-bit UEFI) boots the test kernel with UEFI_KTEST_APPEND
#     (every suite) on the framebuffer, and the KTAP comes back on COM1
#     (tools/grub-iso-test).
# make test-uefi-all (not in make test: four minutes on a loaded machine)
# boots the demo and the suites on all three firmwares, SeaBIOS with a VBE
# framebuffer included.

DEMO_ISO      := $(BUILD)/tick386-demo.iso
GFX_TEST_ISO  := $(BUILD)/tick386-test-gfx.iso
# Every suite: under -icount they take a few seconds beside the firmware's
# boot (measured on OVMF ia32: 38 s for five suites, 43 s for all).
UEFI_KTEST_APPEND ?= test=all
UEFI_TIMEOUT  ?= 120
RUN_GUI_FIRMWARE ?= ovmf64

$(DEMO_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg $(ISO_MODULES)
	$(call iso_image,$(call iso_test_menu,multiboot2,kernel.elf,),$@,$(ISO_MODULES))

$(GFX_TEST_ISO): $(KERNEL) $(TEST_KERNEL) boot/grub/grub-test.cfg FORCE_ISO_APPEND
	$(call iso_image,$(call iso_test_menu,multiboot2,kernel-test.elf,$(UEFI_KTEST_APPEND)),$@,)

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
    FB_FONT=$(FB_FONT) tools/fb-screen-test $(1) $(DEMO_ISO) $(UEFI_TIMEOUT) $(LAYER_TAP)/screen-$(1).ppm $(DEMO_SCREEN_TEXT))
# $(call uefi_ktest,FIRMWARE,ISO): the suites on FIRMWARE (a KTAP stream).
# Virtual time (-icount, as test-kernel's): the time-keeping suites hold
# however loaded the machine is.
UEFI_ICOUNT := -icount shift=3,align=off,sleep=off
uefi_ktest = $(call tap_stream,$(LAYER_TAP)/ktest-$(1).ktap,\
    FIRMWARE=$(1) QEMU_EXTRA="$(UEFI_ICOUNT)" tools/grub-iso-test $(2) $(UEFI_TIMEOUT))

TEST_LAYERS += test-uefi
test-uefi: deps
	$(call test_layer,$(DEMO_ISO) $(GFX_TEST_ISO),{ $(call uefi_screen,ovmf64); } & \
	    { $(call uefi_ktest,ovmf32,$(GFX_TEST_ISO)); }; wait)

test-uefi-all: deps
	$(call test_layer,$(DEMO_ISO) $(GFX_TEST_ISO),$(call uefi_screen,ovmf64); \
	    $(call uefi_screen,ovmf32); $(call uefi_screen,seabios); \
	    $(call uefi_ktest,ovmf64,$(GFX_TEST_ISO)); $(call uefi_ktest,ovmf32,$(GFX_TEST_ISO)); \
	    $(call uefi_ktest,seabios,$(GFX_TEST_ISO)))
