# User space: user/libc (build/user/libc.a, crt0.o) and the programs of
# user/bin (build/user/bin/NAME), static ELF32 at 0x08048000.
#
# To build any C file against the libc from another fragment:
#     $(BUILD)/x/prog: x/prog.c $(USER_DEPS)
#     	$(call user_prog,$<,$@)
# or, outside make, `tools/ucc -o prog prog.c` (tools/ucc holds the flags).
#
# The libc links lib/string.c and lib/vsnprintf.c, the kernel's own code,
# compiled once more for user mode (vsnprintf renamed lib_vsnprintf, under
# the libc's own vsnprintf that adds floating point).  libc-linux.a is the same library with
# the timer/clock calls, set_tid_address and epoll_ctl at mainline Linux's numbers, so that the libc's own
# tests (layer test-libc) run on the Linux host.

USER_BUILD    := $(BUILD)/user
LIBC_SRC_C    := $(sort $(wildcard user/libc/src/*.c))
LIBC_SRC_S    := $(sort $(wildcard user/libc/src/*.S))
LIBC_SHARED_C := $(wildcard lib/string.c lib/vsnprintf.c)
LIBC_HEADERS  := $(shell find user/libc/include include/abi -name '*.h')
LIBC_OBJ      := $(patsubst user/libc/src/%.c,$(USER_BUILD)/libc/%.o,$(LIBC_SRC_C)) \
                 $(patsubst user/libc/src/%.S,$(USER_BUILD)/libc/%.o,$(filter-out %/crt0.S,$(LIBC_SRC_S))) \
                 $(patsubst lib/%.c,$(USER_BUILD)/lib/%.o,$(LIBC_SHARED_C))
# The objects that hold a number Linux has elsewhere (src/nr.h), built twice.
LIBC_LINUX_VARIANT := timer tls eventpoll
LIBC_LINUX_OBJ := $(foreach o,$(LIBC_OBJ),$(if $(filter $(addprefix $(USER_BUILD)/libc/,$(addsuffix .o,$(LIBC_LINUX_VARIANT))),$(o)),$(subst /libc/,/libc-linux/,$(o)),$(o)))
USER_CRT0     := $(USER_BUILD)/crt0.o
USER_LIBC     := $(USER_BUILD)/libc.a
USER_LIBC_LINUX := $(USER_BUILD)/libc-linux.a
USER_DEPS     := $(USER_CRT0) $(USER_LIBC) user/user.ld tools/ucc
USER_AR       := $(CROSS)ar

# The libc itself: freestanding (so that gcc does not turn its loops into
# calls of the functions being defined), warnings are errors; it sees its
# own headers, the ABI headers and the compiler's (the Makefile's
# I386_CFLAGS and GCC_INC).
LIBC_CFLAGS := $(I386_CFLAGS) -nostdinc -isystem user/libc/include -isystem include \
               -isystem $(GCC_INC)
# lib/ files are built as for the kernel, with lib's own include paths.
LIBC_LIB_CFLAGS := $(I386_CFLAGS) -nostdinc -I. -Iinclude -isystem include/freestanding \
                   -isystem $(GCC_INC)

user_prog = $(if $(and $(Q),$(if $(SILENT),,1)),printf '  %-7s %s\n' UCC '$(2)';) BUILD=$(BUILD) tools/ucc -o $(2) $(1)

USER_BIN_C := $(sort $(wildcard user/bin/*.c))
USER_BINS  := $(patsubst user/bin/%.c,$(USER_BUILD)/bin/%,$(USER_BIN_C))

.PHONY: user user-libc
user-libc: $(USER_CRT0) $(USER_LIBC) $(USER_LIBC_LINUX)
user: user-libc $(USER_BINS)
all: user

$(USER_BUILD)/crt0.o: user/libc/src/crt0.S
	@mkdir -p $(dir $@)
	$(call say,CC,$<)
	$(Q)$(CC) $(LIBC_CFLAGS) -c $< -o $@

$(USER_BUILD)/libc/%.o: user/libc/src/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$<)
	$(Q)$(CC) $(LIBC_CFLAGS) -c $< -o $@

$(USER_BUILD)/libc/%.o: user/libc/src/%.S
	@mkdir -p $(dir $@)
	$(call say,CC,$<)
	$(Q)$(CC) $(LIBC_CFLAGS) -c $< -o $@

$(USER_BUILD)/libc-linux/%.o: user/libc/src/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$< (Linux numbers))
	$(Q)$(CC) $(LIBC_CFLAGS) -DLIBC_LINUX_TIMER_NUMBERS -c $< -o $@

$(USER_BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(call say,CC,$< (user))
	$(Q)$(CC) $(LIBC_LIB_CFLAGS) -c $< -o $@

# The kernel's formatting engine serves the libc's own vsnprintf
# (user/libc/src/printf.c), which adds floating point: rename it.
$(USER_BUILD)/lib/vsnprintf.o: LIBC_LIB_CFLAGS += -Dvsnprintf=lib_vsnprintf -Dsnprintf=lib_snprintf

$(USER_LIBC): $(LIBC_OBJ)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(USER_AR) rcs $@ $^

$(USER_LIBC_LINUX): $(LIBC_LINUX_OBJ)
	@rm -f $@
	$(call say,AR,$@)
	$(Q)$(USER_AR) rcs $@ $^

$(USER_BUILD)/bin/%: user/bin/%.c $(USER_DEPS) $(LIBC_HEADERS)
	@mkdir -p $(dir $@)
	@$(call user_prog,$<,$@)

# Layer test-libc: tests/libc/*.c built against libc-linux.a and run on the
# Linux host (i386 binaries run natively there), TAP counted by
# tests/libc/run; cmp_*.c are also built against the host's glibc and the
# two outputs compared line by line; tests/libc/test-tools checks
# tools/runprog's exit-status protocol against a stand-in QEMU.
LIBC_TEST_C := $(sort $(wildcard tests/libc/*.c))

TEST_LAYERS += test-libc
.PHONY: test-libc
test-libc: deps
	$(call test_layer,user-libc kernel,BUILD=$(BUILD) tests/libc/run $(BUILD)/libc-tests $(LAYER_TAP) $(LIBC_TEST_C); \
	    BUILD=$(BUILD) tests/libc/test-tools > $(LAYER_TAP)/tools.tap)

# Layer test-libc-tick386: the same tests built with tick386's numbers and
# booted on tick386 one by one (tools/runprog), cmp_ outputs still compared
# with the host glibc's.
# Left out here: the cmp_ tests whose lines describe the booted system, not
# the libc: cmp_pwd reads /etc/passwd and /etc/group, writing its own where
# the root is writable, and cmp_statvfs describes "/" (tick386's root is the
# read-only initramfs, Linux's a writable rootfs); cmp_misc_hdr's ptrace and
# inotify lines are the kernel's answers: ENOSYS on tick386 (no ptrace, no
# inotify), Linux's errors there; cmp_netif lists the network interfaces
# (Linux has lo; tick386 has no sockets, so t_net checks its ENOSYS
# instead).  test-libc compares them with glibc on one system.
LIBC_TICK386_ENV_TESTS := cmp_pwd cmp_statvfs cmp_misc_hdr cmp_netif
# Also left out, for make test's time (a boot costs ~6-12 s): the cmp_
# tests of pure computation, whose lines do not depend on the kernel
# (cmp_net: address conversions, numeric getaddrinfo; its one system call,
# a socket for an unknown scope name, fails either way into the same
# EAI_NONAME).  `make test-libc-tick386 LIBC_TICK386_PURE_TESTS=` runs them.
LIBC_TICK386_PURE_TESTS ?= cmp_net
LIBC_TICK386_C := $(filter-out $(patsubst %,tests/libc/%.c,$(LIBC_TICK386_ENV_TESTS) $(LIBC_TICK386_PURE_TESTS)),$(LIBC_TEST_C))
TEST_LAYERS += test-libc-tick386
.PHONY: test-libc-tick386
test-libc-tick386: deps
	$(call test_layer,user-libc kernel,BUILD=$(BUILD) LIBC_TEST_ON=tick386 \
	    tests/libc/run $(BUILD)/libc-tests-tick386 $(LAYER_TAP) $(LIBC_TICK386_C))
