# `make bench-kernel`: one benchmark program, bench/kernel/kbench.c, run on
# tick386 and on Debian's Linux 6.1 i386 kernel in the same QEMU (same -m,
# -cpu and -icount shift=3: 8 ns of virtual time per guest instruction, idle
# time skipped, so tick386's figures repeat from run to run), and one table
# of guest instructions per operation on both and their ratio
# (bench/kernel/table).  The program says in its opening comment how each
# row is taken.  Linux comes from Debian's archive (tools/linux-i386
# downloads and unpacks it under build/ the first time; never installed),
# the program is its /init (tools/runprog-linux).  Below the table, the
# memory each tick386 timer costs (the kernel's line at init's end).
# Figures, not a test; it downloads and takes a few minutes.  tick386's
# column is also a test: test-bench-gate, below.
#
# Layer test-bench-kernel-build (in make test, cheap): the program builds
# against user/libc and against the host's i386 glibc, and the table is
# right for a canned pair of runs (bench/kernel/testdata).

# -rtc: the CMOS clock starts at a fixed date and runs on virtual time; on
# the host's clock, the boot's wait for the RTC's next second (and so every
# later absolute time) moved with the host, and a row moved by an instruction.
BENCH_KERNEL_QEMU ?= -m 256 -cpu qemu32 -icount shift=3,align=off,sleep=off \
                     -rtc base=2025-01-01T00:00:00,clock=vm
KBENCH_DIR    := $(BUILD)/kbench
KBENCH_TICK   := $(KBENCH_DIR)/kbench-tick386
KBENCH_LINUX  := $(KBENCH_DIR)/kbench-linux
KBENCH_SRC    := bench/kernel/kbench.c
# The glibc build takes tools/ucc's code-generation flags, so that the two
# binaries' loops are compiled alike.
KBENCH_GLIBC_CC     ?= i686-linux-gnu-gcc
KBENCH_GLIBC_CFLAGS := $(I386_BASE_CFLAGS) -Wall -Wextra -Werror

# The libc's files by name: mk/user.mk, which defines USER_DEPS, is read
# after this file, and a prerequisite list is expanded when it is read.
$(KBENCH_TICK): $(KBENCH_SRC) $(BUILD)/user/crt0.o $(BUILD)/user/libc.a user/user.ld tools/ucc
	@mkdir -p $(dir $@)
	@$(call user_prog,-Wall -Wextra -Werror $<,$@)

$(KBENCH_LINUX): $(KBENCH_SRC)
	@mkdir -p $(dir $@)
	$(call say,GLIBCC,$@)
	$(Q)$(KBENCH_GLIBC_CC) $(KBENCH_GLIBC_CFLAGS) -static -no-pie -o $@ $<

.PHONY: kbench bench-kernel test-bench-kernel-build
kbench: $(KBENCH_TICK) $(KBENCH_LINUX)

# tick386 boots kbench without its debug sections: they hold the checkout's
# paths, and the boot's length (so the virtual time of every later row)
# follows the size of the program's file, which runprog passes as a module.
# Stripped, a row's count is the same in every checkout of a commit.
KBENCH_TICK_RUN := $(KBENCH_DIR)/run/kbench-tick386
$(KBENCH_TICK_RUN): $(KBENCH_TICK)
	@mkdir -p $(dir $@)
	$(Q)$(OBJCOPY) --strip-debug $< $@

# $(call kbench_tick386,OUT,ERR): tick386's side of the table, the
# program's output in OUT and the kernel's lines in ERR.
kbench_tick386 = RUNPROG_QEMU_ARGS="$(BENCH_KERNEL_QEMU)" RUNPROG_TIMEOUT=400 \
    tools/runprog $(KBENCH_TICK_RUN) >$(1) 2>$(2)

bench-kernel: deps $(KERNEL) kbench $(KBENCH_TICK_RUN)
	@tools/linux-i386 >/dev/null
	@echo "bench-kernel: tick386 (10 to 30 seconds under -icount)" >&2
	@$(call kbench_tick386,$(KBENCH_DIR)/tick386.out,$(KBENCH_DIR)/tick386.err) || \
	    { cat $(KBENCH_DIR)/tick386.out $(KBENCH_DIR)/tick386.err; exit 1; }
	@echo "bench-kernel: Linux 6.1 i386 (about half a minute)" >&2
	@RUNPROG_QEMU_ARGS="$(BENCH_KERNEL_QEMU)" RUNPROG_TIMEOUT=400 \
	    tools/runprog-linux $(KBENCH_LINUX) >$(KBENCH_DIR)/linux.out 2>$(KBENCH_DIR)/linux.err || \
	    { cat $(KBENCH_DIR)/linux.out $(KBENCH_DIR)/linux.err; exit 1; }
	@grep -q '^kbench# done' $(KBENCH_DIR)/linux.out || \
	    { echo "bench-kernel: the Linux run did not finish:" >&2; cat $(KBENCH_DIR)/linux.out; exit 1; }
	@bench/kernel/table $(KBENCH_DIR)/tick386.out $(KBENCH_DIR)/linux.out
	@echo
	@echo "QEMU: $(BENCH_KERNEL_QEMU)"
	@grep -h 'posix timers:' $(KBENCH_DIR)/tick386.err
	@echo
	@$(MAKE) --no-print-directory bench-events

TEST_LAYERS += test-bench-kernel-build
test-bench-kernel-build: deps
	$(call test_layer,kbench,$(call tap_stream,$(LAYER_TAP)/kbench.tap,bench/kernel/check $(KBENCH_TICK) $(KBENCH_LINUX)))

# Layer test-bench-gate: a performance gate that is a correctness test,
# because under -icount a row's guest instructions are a function of the
# code (no wall clock: virtual time advances 8 ns per instruction, idle time
# is skipped, the CMOS clock runs on virtual time, runprog boots by relative
# names and the programs are stripped, see above).  The host's load moves
# them nearly never: with three QEMUs at once on a loaded host, 2 runs of 15
# had one median one instruction higher (0.1%), far inside the limit.
# It boots tick386's side only (no Linux, nothing downloaded; 10 to 30
# seconds) and bench/kernel/gate compares each row with
# bench/kernel/baseline-tick386.txt: a row more than 2% (and more than one
# instruction, the rounding unit) above its baseline fails, by name; one more than 2% below passes with a "# note:" line
# asking for the baseline to be refreshed.  The worst-case rows ("handler
# max") are watched, not gated (bench/kernel/gate says why).
# The clock event devices' rows of QEMU (mk/bench-events.mk: the PIT, the
# HPET and the local APIC one-shot; three boots of the test kernel, about
# 2 seconds) are gated with them: their figures were the same in 3 runs.
#
# `make bench-baseline` rewrites the baseline from a run (and shows how it
# moved first).  Refresh it when the notes say a row got cheaper; a change
# meant to cost more rewrites it in the same commit and says why, with the
# rows' old and new figures.  The counts depend on the code of the kernel,
# the libc and kbench, and on the compiler (tools/packages).
KBENCH_BASELINE := bench/kernel/baseline-tick386.txt

.PHONY: bench-baseline test-bench-gate
bench-baseline: deps $(KERNEL) $(TEST_KERNEL) $(KBENCH_TICK_RUN)
	@$(call kbench_tick386,$(KBENCH_DIR)/baseline.out,$(KBENCH_DIR)/baseline.err) || \
	    { cat $(KBENCH_DIR)/baseline.out $(KBENCH_DIR)/baseline.err; exit 1; }
	@$(call kbench_event_rows,$(KBENCH_DIR)/baseline.out)
	@bench/kernel/gate $(KBENCH_BASELINE) $(KBENCH_DIR)/baseline.out | grep -v '^ok' || true
	@bench/kernel/gate --write $(KBENCH_DIR)/baseline.out >$(KBENCH_BASELINE).new
	@mv $(KBENCH_BASELINE).new $(KBENCH_BASELINE)
	@echo "bench-baseline: $(KBENCH_BASELINE) written"

TEST_LAYERS += test-bench-gate
test-bench-gate: deps
	$(call test_layer,kernel test-kernel-image $(KBENCH_TICK_RUN),$(call tap_stream,$(LAYER_TAP)/gate.tap,\
	    $(call kbench_tick386,$(KBENCH_DIR)/gate.out,$(KBENCH_DIR)/gate.err) || \
	        tail -n 20 $(KBENCH_DIR)/gate.err >&2; \
	    $(call kbench_event_rows,$(KBENCH_DIR)/gate.out); \
	    bench/kernel/gate $(KBENCH_BASELINE) $(KBENCH_DIR)/gate.out))

# `make profile-path PATH_NAME=getpid`: one path of bench/kernel/paths.c,
# single-stepped under QEMU's gdb stub, its instructions per function and
# its call tree (tools/profile-path).  Not a test.
KBENCH_PATHS := $(KBENCH_DIR)/paths
PATH_NAME ?= getpid
PATH_ARMED ?= 1000
$(KBENCH_PATHS): bench/kernel/paths.c $(BUILD)/user/crt0.o $(BUILD)/user/libc.a user/user.ld tools/ucc
	@mkdir -p $(dir $@)
	@$(call user_prog,-Wall -Wextra -Werror $<,$@)

# The profiler's program is built with the benchmark's (and so checked by
# test-bench-kernel-build).
kbench: $(KBENCH_PATHS)

.PHONY: profile-path test-profile-path
profile-path: deps $(KERNEL) $(KBENCH_PATHS)
	@tools/profile-path $(PATH_NAME) $(PATH_ARMED)

# Layer test-profile-path: the profiler works (tools/check-profile-path:
# a profile of getpid with its total, table and tree; no figure asserted).
TEST_LAYERS += test-profile-path
test-profile-path: deps
	$(call test_layer,gdb-check kernel $(KBENCH_PATHS),$(call tap_stream,$(LAYER_TAP)/profile-path.tap,tools/check-profile-path))
