# `make ltp LTP=DIR`: the Linux Test Project's tests of the timer, clock,
# sleep and timed-wait calls (tools/ltp/scope: every program of those
# directories of testcases/kernel/syscalls), built out of a checkout of
# LTP that the user has, and run on tick386 and on Debian's Linux 6.1 i386
# in the same QEMU; then a table of each test's result on both sides
# ($(LTP_DIR)/table.txt, also printed).
#
# LTP is not in Debian's archive, so it is never fetched here, and none of
# its code enters the tree: tools/ltp/build compiles it from DIR into
# $(LTP_DIR) with its own list of configure checks (tools/ltp/configure:
# no autoconf, no network), LTP's library once per side:
#   tick386  tools/ucc (user/libc, tick386's system-call numbers);
#   linux    Debian's i686 glibc, static: user/libc's timer calls keep the
#            2002 numbers (254..262), other calls on Linux, so the tick386
#            binaries cannot be Linux's reference.
# Each test runs alone in its own process group with LTP's time limit
# ((30 s + .timeout) x LTP_TIMEOUT_MUL + .runtime per variant, plus 10 s:
# tools/ltp/limits), killed with its children at the limit (TBROK
# timeout in the table).  Linux: tools/i386/linux-batch; tick386:
# tools/ltp/run-tick386 (its init, tools/ltp/init.c).  Takes a while (the
# build a few minutes, Linux's run about half an hour of host time).
#
# `make ltp-table`: the table again from the last runs, without running.
#
# Layer test-ltp-runner (in make test, a second, no LTP needed): the
# parser and the table on canned runs (tools/ltp/testdata: real LTP output
# of Linux, and a tick386 run with a pass, a time-out and a crash).
LTP_DIR   := $(BUILD)/ltp
LTP_TESTS  = $(LTP_DIR)/linux/tests

.PHONY: ltp ltp-check-dir ltp-build ltp-table ltp-linux ltp-tick386 test-ltp-runner
ltp-check-dir:
	@if [ -z "$(LTP)" ]; then \
	    echo "make ltp LTP=DIR: DIR is a checkout of the Linux Test Project (git clone https://github.com/linux-test-project/ltp.git)" >&2; \
	    exit 2; fi
	@test -f "$(LTP)/include/tst_test.h" || { echo "make ltp: $(LTP) is not an LTP checkout" >&2; exit 2; }

ltp-build: ltp-check-dir deps $(KERNEL) user-libc
	@echo "ltp: building for Linux (glibc) and for tick386 (user/libc) into $(LTP_DIR)" >&2
	@tools/ltp/build $(LTP) $(LTP_DIR)/linux linux
	@tools/ltp/build $(LTP) $(LTP_DIR)/tick386 tick386 || true

ltp-linux: ltp-build
	@tools/linux-i386 >/dev/null
	@echo "ltp: running on Linux 6.1 i386 (one boot)" >&2
	@tools/ltp/run-linux $(LTP_DIR)/linux $(LTP_DIR)/run-linux || true

ltp-tick386: ltp-build
	@echo "ltp: running on tick386 (one boot)" >&2
	@if [ -s $(LTP_DIR)/tick386/built ]; then \
	    tools/ltp/run-tick386 $(LTP_DIR)/tick386 $(LTP_DIR)/run-tick386 || true; \
	else mkdir -p $(LTP_DIR)/run-tick386; rm -f $(LTP_DIR)/run-tick386/*.status; \
	    echo "ltp: no test built for tick386" >&2; fi

ltp: ltp-linux ltp-tick386
	@$(MAKE) --no-print-directory ltp-table

ltp-table:
	@tools/ltp/table $(LTP_TESTS) $(LTP_DIR)/run-linux $(LTP_DIR)/run-tick386 \
	    $(LTP_DIR)/tick386 | tee $(LTP_DIR)/table.txt
	@echo "ltp: table written to $(LTP_DIR)/table.txt" >&2

TEST_LAYERS += test-ltp-runner
test-ltp-runner: deps
	$(call test_layer,,$(call tap_stream,$(LAYER_TAP)/ltp-runner.tap,tools/ltp/check))
