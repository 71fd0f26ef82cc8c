# Layer 4 (host part): `make bench` compares the timer queue of lib/ with
# baselines written for the benchmark (bench/): a sorted list, a binary heap
# with an index, a hierarchical timing wheel.  Built natively at -O2 without
# sanitizers, since it measures time; not part of `make test` (timings are
# noisy, they are figures, not pass/fail).

BENCH_C     := $(sort $(wildcard bench/*.c))
BENCH_LIB_C := lib/timerqueue.c lib/rbtree.c lib/ktime.c
BENCH_BIN   := $(BUILD)/bench/bench
BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. -Iinclude -DHOST_BUILD

$(BENCH_BIN): $(BENCH_C) $(BENCH_LIB_C) $(wildcard bench/*.h) lib/timerqueue.h lib/rbtree.h \
	      lib/list.h lib/ktime.h mk/bench.mk
	@mkdir -p $(dir $@)
	$(HOSTCC) $(BENCH_CFLAGS) -o $@ $(BENCH_C) $(BENCH_LIB_C)

.PHONY: bench
bench: $(BENCH_BIN)
	$(BENCH_BIN)
