# tick386 — top-level Makefile.
#
# The build is split by area: this file holds the toolchain, the kernel image
# and the test driver; each area adds its own rules in mk/*.mk (host tests,
# kernel tests, user programs, benchmarks).  Sources are found by wildcard, so
# adding a .c file to an existing directory needs no Makefile change.

CROSS     ?= i686-linux-gnu-
CC        := $(CROSS)gcc
LD        := $(CROSS)ld
OBJCOPY   := $(CROSS)objcopy
NM        := $(CROSS)nm
NASM      ?= nasm
HOSTCC    ?= cc
QEMU      ?= qemu-system-i386
SHELL     := /bin/bash
BUILD     := build

# Everything built for i386 that is not a Linux-host program (the kernel,
# the libc, lib/ for both) is freestanding: -nostdinc, so that it sees only
# the tree's headers and the compiler's own include directory (stdint.h,
# stddef.h, stdarg.h, stdbool.h), never a C library's that a machine may
# or may not have.  Limits come from include/freestanding/limits.h.  The
# test layer test-headers checks it from the compiler's full dependency
# output (-MD lists system headers, which -MMD would hide).
GCC_INC   := $(shell $(CC) -m32 -print-file-name=include 2>/dev/null)
I386_CFLAGS := -m32 -march=i686 -std=gnu11 -O2 -g -ffreestanding -fno-pic -fno-pie \
               -fno-stack-protector -fno-omit-frame-pointer -fno-strict-aliasing \
               -Wall -Wextra -Werror -MD -MP

# The kernel: no FPU/SSE, frame pointers kept so that the panic path can
# walk the stack.
KCFLAGS   := $(I386_CFLAGS) -mgeneral-regs-only -mno-red-zone \
             -nostdinc -I. -Iinclude -isystem include/freestanding -isystem $(GCC_INC) \
             -DTICK386_KERNEL
KASFLAGS  := -f elf32 -g -F dwarf -I. -Iinclude/
LIBGCC    := $(shell $(CC) -m32 -print-libgcc-file-name 2>/dev/null)

# Host builds of lib/ (unit tests, benchmarks) with sanitizers.
HOST_CFLAGS := -std=gnu11 -O1 -g -fno-omit-frame-pointer \
               -fsanitize=address,undefined -fno-sanitize-recover=undefined \
               -Wall -Wextra -Werror -I. -Iinclude -DTICK386_KERNEL -MMD -MP -DHOST_BUILD
HOST_LDLIBS := -lcmocka

KERNEL_DIRS := boot arch/i386 kernel $(wildcard drivers/*) lib
KERNEL_C    := $(sort $(foreach d,$(KERNEL_DIRS),$(wildcard $(d)/*.c)))
KERNEL_ASM  := $(sort $(foreach d,$(KERNEL_DIRS),$(wildcard $(d)/*.asm)))
KERNEL_OBJ  := $(patsubst %.c,$(BUILD)/k/%.o,$(KERNEL_C)) \
               $(patsubst %.asm,$(BUILD)/k/%.o,$(KERNEL_ASM))
KERNEL      := $(BUILD)/kernel.elf

# Every test layer appends its target to TEST_LAYERS in its mk/*.mk; each
# layer writes $(BUILD)/results/<layer>.counts ("PASSED FAILED") and never
# stops the others.
TEST_LAYERS :=

.PHONY: all deps kernel run test clean format
all: deps $(KERNEL)
kernel: $(KERNEL)

deps:
	@tools/ensure-deps

# `make V=1` shows the full commands.
ifeq ($(V),1)
Q :=
else
Q := @
endif
# A short build line: $(call say,CC,file) prints "  CC      file" unless V=1.
say = @$(if $(Q),printf '  %-7s %s\n' '$(1)' '$(2)',:)

$(BUILD)/k/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)
	$(Q)$(CC) $(KCFLAGS) -c $< -o $@

$(BUILD)/k/%.o: %.asm
	@mkdir -p $(dir $@)
	$(call say,NASM,$<)
	$(Q)$(NASM) $(KASFLAGS) -MD $(@:.o=.d) -MP $< -o $@

# Linked twice: the second link adds the symbol table made from the first
# (kernel/ksyms.h).  The table is read-only data after .text, so the code's
# addresses are the same in both links.
KLDFLAGS := -m elf_i386 -T linker.ld -nostdlib -z max-page-size=0x1000 -z noexecstack
$(KERNEL): $(KERNEL_OBJ) linker.ld tools/gen-ksyms
	$(call say,LD,$@)
	$(Q)$(LD) $(KLDFLAGS) -o $(BUILD)/kernel.pass1.elf $(KERNEL_OBJ) $(LIBGCC)
	$(Q)tools/gen-ksyms $(NM) $(BUILD)/kernel.pass1.elf > $(BUILD)/ksyms.asm
	$(Q)$(NASM) -f elf32 $(BUILD)/ksyms.asm -o $(BUILD)/ksyms.o
	$(Q)$(LD) $(KLDFLAGS) -o $@ $(KERNEL_OBJ) $(BUILD)/ksyms.o $(LIBGCC)
	@cmp -s <($(NM) -n $(BUILD)/kernel.pass1.elf | grep ' [tT] ') <($(NM) -n $@ | grep ' [tT] ') \
	    || { echo "ksyms: code moved between the two links" >&2; rm -f $@; exit 1; }

include $(sort $(wildcard mk/*.mk))

# `make test`: every layer, then one summary line "N passed, M failed".
test: deps
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	@for layer in $(TEST_LAYERS); do \
	    echo "=== $$layer"; \
	    $(MAKE) --no-print-directory $$layer || true; \
	done
	@tools/summarize $(BUILD)/results $(TEST_LAYERS)

clean:
	rm -rf $(BUILD)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
