# The timer queue benchmark (bench/, see bench/bench.h) and its cross-check.
#
# `make bench`: lib/timerqueue against a sorted list, a binary heap and a
# timing wheel, built natively with -O2 and no sanitizers (they would time
# themselves), printing the table of ns per operation; then `make
# bench-count`: instructions and last-level cache misses per operation of the
# queue and the heap under cachegrind (bench/count, deterministic), beside
# the queue's figures on main at 0c3cb16 (bench/counts-main, made by
# `bench/count --raw`).  Not part of `make test`.
#
# Layer test-bench-build: builds the same program and runs `timerq-bench --check`,
# which times nothing: a small N, checking that every structure expires the
# same timers in the same order (TAP, one test case per line).

BENCH_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror -I. -Iinclude -DHOST_BUILD
BENCH_LIB_C  := lib/timerqueue.c lib/rbtree.c lib/ktime.c
BENCH_C      := $(sort $(wildcard bench/*.c))
BENCH_OBJ    := $(patsubst %.c,$(BUILD)/bench/%.o,$(BENCH_C) $(BENCH_LIB_C))
BENCH_BIN    := $(BUILD)/bench/timerq-bench

$(BUILD)/bench/%.o: %.c
	@mkdir -p $(dir $@)
	$(call say,HOSTCC,$<)
	$(Q)$(HOSTCC) $(BENCH_CFLAGS) -MMD -MP -c $< -o $@

$(BENCH_BIN): $(BENCH_OBJ)
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) $(BENCH_CFLAGS) -o $@ $^

.PHONY: bench bench-count test-bench-build
bench: $(BENCH_BIN)
	@$(BENCH_BIN)
	@echo
	@bench/count $(BENCH_BIN) bench/counts-main

bench-count: $(BENCH_BIN)
	@bench/count $(BENCH_BIN) bench/counts-main

TEST_LAYERS += test-bench-build
test-bench-build: deps
	$(call test_layer,$(BENCH_BIN),$(call tap_stream,$(LAYER_TAP)/check.tap,$(BENCH_BIN) --check 2>&1))
