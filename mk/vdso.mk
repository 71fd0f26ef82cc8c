# The vDSO (arch/i386/vdso/): a position-independent ELF shared object,
# linked at 0 by arch/i386/vdso/vdso.lds, embedded in the kernel by
# arch/i386/vdso_image.asm and mapped into every process (arch/i386/vdso.c).
#
#   $(VDSO_DIR)/vdso.dbg.so   with symbols and debug information (for gdb:
#                             add-symbol-file build/vdso/vdso.dbg.so -o 0xbf701000)
#   $(VDSO_DIR)/vdso.so       stripped: what the kernel carries
#   $(VDSO_DIR)/vdso-syms.inc where its .vdso_fixup table lies (for nasm)
#
# The link is checked: no relocations (nothing may need patching: the image
# is shared, read-only), no writable section, only the four functions
# exported, and the image fits in the pages mm/vm.h reserves.

VDSO_DIR  := $(BUILD)/vdso
VDSO_SRC  := $(sort $(wildcard arch/i386/vdso/*.c arch/i386/vdso/*.S))
VDSO_OBJ  := $(patsubst arch/i386/vdso/%,$(VDSO_DIR)/%.o,$(basename $(VDSO_SRC)))
# User-mode code of the kernel's: freestanding like it, but position
# independent, and without frame pointers (a leaf of a few dozen
# instructions; nothing walks its stack).
VDSO_CFLAGS := $(filter-out -fno-pic -fno-pie -fno-omit-frame-pointer,$(I386_CFLAGS)) \
               -fPIC -fomit-frame-pointer -fno-asynchronous-unwind-tables \
               -mgeneral-regs-only -nostdinc -I. -Iinclude -isystem include/freestanding \
               -isystem $(GCC_INC)
VDSO_LDFLAGS := -m elf_i386 -shared -nostdlib -soname=linux-gate.so.1 --hash-style=both \
                --build-id=none -z max-page-size=4096 -z noexecstack -T arch/i386/vdso/vdso.lds
VDSO_MAX_IMAGE := 12288 # mm/vm.h's VM_VDSO_PAGES less the data page

$(VDSO_DIR)/%.o: arch/i386/vdso/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$< (vdso))
	$(Q)$(CC) $(VDSO_CFLAGS) -c $< -o $@

$(VDSO_DIR)/%.o: arch/i386/vdso/%.S
	@mkdir -p $(dir $@)
	$(call say,AS,$< (vdso))
	$(Q)$(CC) $(VDSO_CFLAGS) -c $< -o $@

$(VDSO_DIR)/vdso.dbg.so: $(VDSO_OBJ) arch/i386/vdso/vdso.lds
	$(call say,LD,$@)
	$(Q)$(LD) $(VDSO_LDFLAGS) $(VDSO_OBJ) -o $@
	$(Q)if $(CROSS)readelf -r $@ | grep -q 'R_386'; then \
	    echo "vdso: the image needs relocations:" >&2; $(CROSS)readelf -r $@ >&2; rm -f $@; exit 1; fi
	$(Q)if $(CROSS)readelf -lW $@ | grep -E '^ +LOAD' | grep -q 'RW'; then \
	    echo "vdso: the image has a writable segment" >&2; rm -f $@; exit 1; fi
	$(Q)syms=$$($(NM) -D --defined-only $@ | awk '$$2 == "T" { sub(/@.*/, "", $$3); print $$3 }' | sort | tr '\n' ' '); \
	    [ "$$syms" = "__vdso_clock_getres __vdso_clock_gettime __vdso_clock_gettime64 __vdso_gettimeofday __vdso_time " ] || \
	    { echo "vdso: exports '$$syms'" >&2; rm -f $@; exit 1; }

$(VDSO_DIR)/vdso.so: $(VDSO_DIR)/vdso.dbg.so
	$(call say,STRIP,$@)
	$(Q)$(OBJCOPY) --strip-all $< $@
	$(Q)size=$$(stat -c %s $@); [ $$size -le $(VDSO_MAX_IMAGE) ] || \
	    { echo "vdso: the image is $$size bytes, more than $(VDSO_MAX_IMAGE)" >&2; rm -f $@; exit 1; }

$(VDSO_DIR)/vdso-syms.inc: $(VDSO_DIR)/vdso.dbg.so
	$(Q)$(NM) $< | awk '$$3 == "__vdso_fixup_start" { print "VDSO_FIXUP_START equ 0x" $$1 } \
	    $$3 == "__vdso_fixup_end" { print "VDSO_FIXUP_END equ 0x" $$1 }' >$@.tmp
	$(Q)[ $$(wc -l <$@.tmp) = 2 ] && mv $@.tmp $@

$(BUILD)/k/arch/i386/vdso_image.o: $(VDSO_DIR)/vdso.so $(VDSO_DIR)/vdso-syms.inc
$(BUILD)/k/arch/i386/vdso_image.o: KASFLAGS += -I$(VDSO_DIR)/

.PHONY: vdso
vdso: $(VDSO_DIR)/vdso.so

# Layer test-vdso: the vDSO's assembly against lib/vclock.h to the
# nanosecond (tests/vdso/asm_check.c: the .S files assembled with
# VDSO_TEST_TSC, their TSC a variable, run on the i386 host).  The vDSO's
# behaviour in a running system is in test-user (tests/user/t_vdso*.c),
# test-kernel (arch/i386/vdso_ktest.c) and test-libc (tests/libc/t_vdso.c).
# The check is an i386 program run on this host: natively, or through
# qemu-user (tools/i386/run), which is faithful for it: it is arithmetic
# and rdtsc-free (the TSC is a variable), with no system call that matters.
VDSO_ASM_CHECK := $(VDSO_DIR)/asm-check
VDSO_ASM := $(filter %.S,$(VDSO_SRC))

$(VDSO_ASM_CHECK): tests/vdso/asm_check.c $(VDSO_ASM) arch/i386/vdso/rdtsc.h lib/vclock.h \
                   lib/clockmath.h
	@mkdir -p $(dir $@)
	$(call say,GLIBCC,$@)
	$(Q)$(CROSS)gcc $(I386_BASE_CFLAGS) -Wall -Wextra -Werror -static -no-pie -DVDSO_TEST_TSC \
	    -I. -Iinclude -o $@ tests/vdso/asm_check.c $(VDSO_ASM)

TEST_LAYERS += test-vdso
.PHONY: test-vdso
test-vdso: deps
	$(call test_layer,$(VDSO_ASM_CHECK),$(call tap_stream,$(LAYER_TAP)/asm-check.tap,tools/i386/run $(VDSO_ASM_CHECK)))
