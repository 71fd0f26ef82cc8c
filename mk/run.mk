# Booting: make run (QEMU on the terminal), make iso (GRUB image for a real
# PC), make debug (QEMU halted with its gdb stub).

QEMU_RUN_ARGS ?= -m 128 -display none -serial mon:stdio -no-reboot \
                 -device isa-debug-exit,iobase=0xf4,iosize=0x04 -rtc base=utc
RUN_APPEND ?=
# The program booted as init: user/bin/init.c, which runs the demo and then,
# when make's input is a terminal ([ -t 0 ]: it is given -i), the shell;
# otherwise (CI, make run </dev/null) it ends after the demo.  Any other:
#     make run RUN_PROGRAM=build/user/bin/NAME
RUN_PROGRAM ?= $(BUILD)/user/bin/init
# The file tree (mk/initramfs.mk) follows as a second module.
RUN_DEPS    := $(RUN_PROGRAM) $(INITRAMFS)
RUN_INITRD  = -initrd "$(RUN_PROGRAM)$(RUN_INIT_ARGS),$(INITRAMFS)"
RUN_INIT_ARGS = $(if $(filter $(BUILD)/user/bin/init,$(RUN_PROGRAM)),$$([ -t 0 ] && echo ' -i'))

.PHONY: run debug iso
# make debug (mk/debug.mk, read before this file) boots the same modules.
debug: $(RUN_DEPS)
run: deps $(KERNEL) $(RUN_DEPS)
	@echo "tick386: booting in QEMU; Ctrl-A X quits"
	@$(QEMU) -kernel $(KERNEL) -append "$(RUN_APPEND)" $(RUN_INITRD) $(QEMU_RUN_ARGS); \
	    rc=$$?; [ $$rc -eq 1 ] || [ $$rc -eq 0 ] || { echo "tick386: QEMU exit status $$rc"; exit $$rc; }
