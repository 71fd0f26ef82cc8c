# Differential fuzzing against Linux (tests/fuzz, README.md there).
#
#   make fuzz SEED=1 N=100000 [EXPECT=6.1]
#
# runs the fuzzer for N calls on tick386 and on Debian's Linux 6.1 i386 in
# the same QEMU under -icount (tools/linux-i386 fetches the kernel the first
# time), compares the two outputs line by line and prints the figures:
# calls made, distinct states, differences, model disagreements, calls out
# of the grid's window, kernel faults.  Outputs in $(BUILD)/fuzz.
#
# Layer test-fuzz (in make test): a short fixed-seed slice of it, both
# sides, as TAP; tick386 boots with slub_debug (mm/slab_debug.h), so that
# a use after free on the paths the fuzzer drives is reported at once; and
# a slice of the race fuzzer (tests/fuzz/race), one scenario of each kind
# twice (seed 3: on the main of December 2026 it met each of the five bugs
# the fuzzer was made to find), on the ordinary kernel (its leak check
# counts slab objects, which slub_debug's quarantine holds back).
#
#   make fuzz-race SEED=1 [N=200] [RACE_ARGS=--only=tfd-close]
#
# runs the race fuzzer (threads and descriptors racing, ends under sleepers,
# selectors going bad, nested signals on alternate stacks, signals to init)
# on both kernels: Linux's output where it is exact, no hang, no panic, no
# page or slab object lost.  Outputs in $(BUILD)/fuzz-race.
SEED   ?= 1
N      ?= 10000
EXPECT ?= 6.1
FUZZ_TEST_SEED  ?= 7
FUZZ_TEST_CALLS ?= 1000
RACE_ARGS ?=
RACE_TEST_SEED ?= 3
RACE_TEST_SCENARIOS ?= 12

.PHONY: fuzz fuzz-race test-fuzz
fuzz: deps
	@tests/fuzz/run -s $(SEED) -n $(N) -e $(EXPECT) -o $(BUILD)/fuzz

fuzz-race: deps
	@tests/fuzz/race/run -s $(SEED) -n $(if $(filter command line,$(origin N)),$(N),200) \
	    -o $(BUILD)/fuzz-race -- $(RACE_ARGS)

TEST_LAYERS += test-fuzz
test-fuzz: deps
	$(call test_layer,,RUNPROG_APPEND=slub_debug tests/fuzz/run -s $(FUZZ_TEST_SEED) -n $(FUZZ_TEST_CALLS) \
	    -o $(BUILD)/fuzz-test -t $(LAYER_TAP)/fuzz.tap >$(BUILD)/fuzz-test.log 2>&1; \
	    cat $(BUILD)/fuzz-test.log >&2; \
	    [ -s $(LAYER_TAP)/fuzz.tap ] || printf '1..1\nnot ok 1 - tests/fuzz/run did not finish\n' \
	        >$(LAYER_TAP)/fuzz.tap; \
	    FUZZ_TIMEOUT=150 tests/fuzz/race/run -s $(RACE_TEST_SEED) -n $(RACE_TEST_SCENARIOS) \
	    -o $(BUILD)/fuzz-race-test -t $(LAYER_TAP)/race.tap -- --round \
	    >$(BUILD)/fuzz-race-test.log 2>&1; \
	    cat $(BUILD)/fuzz-race-test.log >&2; \
	    [ -s $(LAYER_TAP)/race.tap ] || printf '1..1\nnot ok 1 - tests/fuzz/race/run did not finish\n' \
	        >$(LAYER_TAP)/race.tap)
