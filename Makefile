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

# Freestanding i386 kernel code: no libc, no FPU/SSE in the kernel, frame
# pointers kept so that the panic path can walk the stack.
KCFLAGS   := -m32 -march=i686 -std=gnu11 -ffreestanding -fno-pic -fno-pie \
             -fno-stack-protector -fno-omit-frame-pointer -fno-strict-aliasing \
             -mgeneral-regs-only -mno-red-zone -O2 -g \
             -Wall -Wextra -Werror -I. -Iinclude -DTICK386_KERNEL -MMD -MP
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

$(BUILD)/k/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(KCFLAGS) -c $< -o $@

$(BUILD)/k/%.o: %.asm
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  NASM    $<")
	$(Q)$(NASM) $(KASFLAGS) -MD $(@:.o=.d) -MP $< -o $@

# Linked twice: the second link adds the symbol table made from the first
# (kernel/ksyms.h).  The table is read-only data after .text, so the code's
# addresses are the same in both links.
KLDFLAGS := -m elf_i386 -T linker.ld -nostdlib -z max-page-size=0x1000 -z noexecstack
$(KERNEL): $(KERNEL_OBJ) linker.ld tools/gen-ksyms
	@$(if $(Q),echo "  LD      $@")
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
