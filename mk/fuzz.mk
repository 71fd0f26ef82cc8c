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
# a use after free on the paths the fuzzer drives is reported at once.
SEED   ?= 1
N      ?= 10000
EXPECT ?= 6.1
FUZZ_TEST_SEED  ?= 7
FUZZ_TEST_CALLS ?= 1000

.PHONY: fuzz test-fuzz
fuzz: deps
	@tests/fuzz/run -s $(SEED) -n $(N) -e $(EXPECT) -o $(BUILD)/fuzz

TEST_LAYERS += test-fuzz
test-fuzz: deps
	$(call test_layer,,RUNPROG_APPEND=slub_debug tests/fuzz/run -s $(FUZZ_TEST_SEED) -n $(FUZZ_TEST_CALLS) \
	    -o $(BUILD)/fuzz-test -t $(LAYER_TAP)/fuzz.tap >$(BUILD)/fuzz-test.log 2>&1; \
	    cat $(BUILD)/fuzz-test.log >&2; \
	    [ -s $(LAYER_TAP)/fuzz.tap ] || printf '1..1\nnot ok 1 - tests/fuzz/run did not finish\n' \
	        >$(LAYER_TAP)/fuzz.tap)
