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

# Packages first, then everything computed from them.  The variables below
# ask the cross compiler for its include directory and libgcc when make
# reads this file, before any target's prerequisites run: on a fresh
# machine a `deps` prerequisite would install the compiler only after they
# had been computed empty.  So a top-level make that builds anything
# installs the missing packages of tools/packages (or, not as root, prints
# the apt-get line and stops) before it reads further.  Sub-makes
# (MAKELEVEL > 0) were preceded by their parent's check.  NO_DEPS=1 skips
# it (CI's build without the i386 glibc headers, which must not put them
# back).
NO_DEPS_GOALS := clean format help
ifeq ($(MAKELEVEL)$(NO_DEPS),0)
ifneq ($(if $(MAKECMDGOALS),$(filter-out $(NO_DEPS_GOALS),$(MAKECMDGOALS)),all),)
ifneq ($(shell tools/ensure-deps >&2 && echo ok),ok)
$(error the Debian packages that tick386 needs are missing: see the line above)
endif
endif
endif

# Everything built for i386 that is not a Linux-host program (the kernel,
# the libc, lib/ for both) is freestanding: -nostdinc, so that it sees only
# the tree's headers and the compiler's own include directory (stdint.h,
# stddef.h, stdarg.h, stdbool.h), never a C library's that a machine may
# or may not have.  Limits come from include/freestanding/limits.h.  The
# test layer test-headers checks it from the compiler's full dependency
# output (-MD lists system headers, which -MMD would hide).
GCC_INC   := $(shell $(CC) -m32 -print-file-name=include 2>/dev/null)
# The code generation of every i386 object, the kernel's and every
# program's (tools/ucc reads the same file): mk/i386.cflags.
I386_BASE_CFLAGS := $(shell cat mk/i386.cflags)
I386_CFLAGS := $(I386_BASE_CFLAGS) -ffreestanding -fno-strict-aliasing \
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

KERNEL_DIRS := boot arch/i386 kernel kernel/time kernel/signal kernel/task mm drivers fs ipc lib
KERNEL_ALL_C := $(sort $(foreach d,$(KERNEL_DIRS),$(wildcard $(d)/*.c)))
KERNEL_ASM  := $(sort $(foreach d,$(KERNEL_DIRS),$(wildcard $(d)/*.asm)))
# In-kernel test suites live beside what they test (NAME_ktest.c) but only
# the test image carries them (KUnit's habit): the kernel that make run and
# make iso boot has no test code and no test= option.
KTEST_C     := kernel/ktest.c $(filter %_ktest.c,$(KERNEL_ALL_C))
KERNEL_C    := $(filter-out $(KTEST_C),$(KERNEL_ALL_C))
KERNEL_OBJ  := $(patsubst %.c,$(BUILD)/k/%.o,$(KERNEL_C)) \
               $(patsubst %.asm,$(BUILD)/k/%.o,$(KERNEL_ASM))
KERNEL      := $(BUILD)/kernel.elf
TEST_KERNEL_OBJ := $(filter-out $(BUILD)/k/kernel/main.o,$(KERNEL_OBJ)) \
                   $(BUILD)/k/kernel/main-ktest.o $(patsubst %.c,$(BUILD)/k/%.o,$(KTEST_C))
TEST_KERNEL := $(BUILD)/kernel-test.elf

# Every test layer appends its target to TEST_LAYERS in its mk/*.mk, and
# its recipe is $(call test_layer,...): it writes the layer's TAP streams
# into $(BUILD)/results/<layer>/ and tools/tap-harness judges them; a layer
# never stops the others.
TEST_LAYERS :=
# A layer's runner builds its programs and boots the ones that may share
# the machine JOBS at once (tools/lanes.sh); JOBS=1: one after another.
JOBS ?= 2
export JOBS

# The recipe of a test layer:
#     test-foo: deps
#     	$(call test_layer,PREREQUISITES,RUNNER)
# makes PREREQUISITES quietly into $(BUILD)/<layer>-build.log (on failure:
# the log is shown and the layer records one failed test), then runs RUNNER,
# a shell command that writes the layer's streams into $(LAYER_TAP) (NAME.tap
# for TAP, NAME.ktap for KTAP, see tools/tap-harness), and prints the
# layer's counts.  PREREQUISITES may be empty.  In RUNNER,
#     $(call tap_stream,FILE,COMMAND)
# saves COMMAND's standard output as the stream FILE (and shows it on
# stderr); a non-zero exit status ends the stream with "Bail out!".
LAYER_TAP = $(BUILD)/results/$@
define test_layer
@rm -rf $(LAYER_TAP); mkdir -p $(LAYER_TAP)
$(if $(strip $(1)),@$(MAKE) --no-print-directory $(1) >$(BUILD)/$@-build.log 2>&1 || \
    { cat $(BUILD)/$@-build.log; printf '1..1\nnot ok 1 - make %s\n' '$(strip $(1))' >$(LAYER_TAP)/build.tap; \
      tools/tap-harness $(BUILD)/results $@; exit 1; })
@$(2)
@tools/tap-harness $(BUILD)/results $@
endef
tap_stream = { $(2); } >$(1); rc=$$?; cat $(1) >&2; \
    [ $$rc -eq 0 ] || echo "Bail out! exit status $$rc" >>$(1)

.PHONY: all deps kernel test-kernel-image run test clean format
all: deps $(KERNEL) $(TEST_KERNEL)
kernel: $(KERNEL)
test-kernel-image: $(TEST_KERNEL)

deps:
	@tools/ensure-deps

# `make V=1` shows the full commands.
ifeq ($(V),1)
Q :=
else
Q := @
endif
# A short build line: $(call say,CC,file) prints "  CC      file" unless
# V=1 (the commands instead) or make -s (nothing).
SILENT := $(findstring s,$(firstword -$(MAKEFLAGS)))
say = @$(if $(and $(Q),$(if $(SILENT),,1)),printf '  %-7s %s\n' '$(1)' '$(2)',:)

$(BUILD)/k/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)
	$(Q)$(CC) $(KCFLAGS) -c $< -o $@

$(BUILD)/k/%.o: %.asm
	@mkdir -p $(dir $@)
	$(call say,NASM,$<)
	$(Q)$(NASM) $(KASFLAGS) -MD $(@:.o=.d) -MP $< -o $@

# The test image's kmain reads test= from the command line and runs suites.
$(BUILD)/k/kernel/main-ktest.o: kernel/main.c
	@mkdir -p $(dir $@)
	$(call say,CC,$< (test image))
	$(Q)$(CC) $(KCFLAGS) -DTICK386_KTEST -c $< -o $@

# An image is linked twice: the second link adds the symbol table made from
# the first (kernel/ksyms.h).  The table is read-only data after .text, so
# the code's addresses are the same in both links.
#     $(call link_kernel,OBJECTS,IMAGE)
KLDFLAGS := -m elf_i386 -T linker.ld -nostdlib -z max-page-size=0x1000 -z noexecstack
define link_kernel
	$(call say,LD,$(2))
	$(Q)$(LD) $(KLDFLAGS) -o $(2:.elf=.pass1.elf) $(1) $(LIBGCC)
	$(Q)tools/gen-ksyms $(NM) $(2:.elf=.pass1.elf) > $(2:.elf=.ksyms.asm)
	$(Q)$(NASM) -f elf32 $(2:.elf=.ksyms.asm) -o $(2:.elf=.ksyms.o)
	$(Q)$(LD) $(KLDFLAGS) -o $(2) $(1) $(2:.elf=.ksyms.o) $(LIBGCC)
	@cmp -s <($(NM) -n $(2:.elf=.pass1.elf) | grep ' [tT] ') <($(NM) -n $(2) | grep ' [tT] ') \
	    || { echo "ksyms: code moved between the two links" >&2; rm -f $(2); exit 1; }
endef

$(KERNEL): $(KERNEL_OBJ) linker.ld tools/gen-ksyms
	$(call link_kernel,$(KERNEL_OBJ),$@)

$(TEST_KERNEL): $(TEST_KERNEL_OBJ) linker.ld tools/gen-ksyms
	$(call link_kernel,$(TEST_KERNEL_OBJ),$@)

include $(sort $(wildcard mk/*.mk))

# `make test`: every layer, then tools/tap-harness reads all their streams
# and prints the table and, last, one line "N passed, M failed".
test: deps
	@rm -rf $(BUILD)/results; mkdir -p $(BUILD)/results
	@for layer in $(TEST_LAYERS); do \
	    echo "=== $$layer"; start=$$SECONDS; \
	    $(MAKE) --no-print-directory $$layer || true; \
	    echo "=== $$layer took $$((SECONDS - start)) s" | tee -a $(BUILD)/results/times; \
	done
	@sort -k4,4 -n -r $(BUILD)/results/times | head -5 | sed 's/^=== /slowest: /'
	@tools/i386/run --explain
	@tools/tap-harness $(BUILD)/results $(TEST_LAYERS)

clean:
	rm -rf $(BUILD)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
