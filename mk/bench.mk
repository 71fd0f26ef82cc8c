# The timer queue benchmark (bench/, see bench/bench.h) and its cross-check.
#
# `make bench`: lib/timerqueue against a sorted list, a binary heap and a
# timing wheel, built natively with -O2 and no sanitizers (they would time
# themselves), printing the table.  Not part of `make test`.
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

.PHONY: bench test-bench-build
bench: $(BENCH_BIN)
	@$(BENCH_BIN)

TEST_LAYERS += test-bench-build
test-bench-build: deps
	@mkdir -p $(BUILD)/results
	@$(MAKE) --no-print-directory $(BENCH_BIN) >$(BUILD)/bench-build.log 2>&1 || \
	    { cat $(BUILD)/bench-build.log; echo "0 1" > $(BUILD)/results/$@.counts; exit 1; }
	@out=$$($(BENCH_BIN) --check 2>&1); rc=$$?; printf '%s\n' "$$out" >&2; \
	    p=$$(grep -cE '^ok ' <<<"$$out"); f=$$(grep -cE '^not ok ' <<<"$$out"); \
	    if [ $$rc -ne 0 ] && [ $$f -eq 0 ]; then f=1; fi; \
	    echo "$$p $$f" > $(BUILD)/results/$@.counts
