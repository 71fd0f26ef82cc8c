# Layer 3: the user-level conformance suite (tests/conformance/*.c).
#
# Every program is POSIX-only C printing TAP.  test-conformance-host builds
# each with the host's cc against glibc and runs it on Linux, the oracle;
# its outputs are kept in build/conformance/host/NAME.out.
# test-conformance-tick386 runs the same sources on tick386 through
# tools/runprog, many to a boot (tests/conformance/batch-init), and compares each output line by line with the host's
# (intended differences are listed in tests/conformance/DIFFERENCES), on a
# kernel booted with slub_debug (mm/slab_debug.h: a use after free is
# reported at once; test-no-tsc runs the suite without it).  It joins
# TEST_LAYERS by itself as soon as tools/runprog exists.

# A program whose header says "/* requires: FILE... */" waits (left out of
# every conformance layer) until each FILE, another area's, is in the tree.
# One grep over all the sources: every make reads this (runprog runs one
# per boot), and a sed per source cost each of them about a second.
CONF_PENDING  := $(shell grep -H '^/\* requires: .* \*/$$' tests/conformance/*.c | \
                   sed 's|:/\* requires: \(.*\) \*/$$| \1|' | while read -r f xs; do \
                     for x in $$xs; do [ -e $$x ] || { echo $$f; break; }; done; done)
CONF_SRC      := $(filter-out $(CONF_PENDING),$(sort $(wildcard tests/conformance/*.c)))
CONF_NAMES    := $(notdir $(CONF_SRC:.c=))
CONF_HOST_DIR := $(BUILD)/conformance/host
CONF_HOST_BIN := $(addprefix $(CONF_HOST_DIR)/bin/,$(CONF_NAMES))
CONF_CFLAGS   := -std=gnu11 -O2 -g -Wall -Wextra -Werror
CONF_LDLIBS   := -lrt
# tick386's boots run under -icount with sleep=off (as Linux 6.1 i386's do,
# tests/conformance/harness): virtual time follows the guest's instructions,
# so the timed programs' bounds cannot be broken by a loaded host (a CI run
# failed one of test-no-tsc's so), and idle waits take no host time
# (test-no-tsc 94 s -> 48 s measured side by side on a loaded machine).
# A program's own "/* qemu: ... */" line is added after it (leap_tai's is the
# one there, "-icount shift=3,sleep=off": the same keys).
CONF_ICOUNT   := -icount shift=3,align=off,sleep=off
# The thread programs (thread_*.c) are built with -pthread on the host.
$(CONF_HOST_DIR)/bin/thread_%: CONF_LDLIBS += -pthread

# rm first: a program whose new source does not build must not run stale.
$(CONF_HOST_DIR)/bin/%: tests/conformance/%.c tests/tap.h $(wildcard tests/conformance/*.h)
	@mkdir -p $(dir $@); rm -f $@
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) $(CONF_CFLAGS) -o $@ $< $(CONF_LDLIBS)

.PHONY: conformance-host-bins test-conformance-host test-conformance-tick386 \
        conformance-probe
conformance-host-bins: $(CONF_HOST_BIN)

TEST_LAYERS += test-conformance-host
# A program that does not build is one failure; the others still run.
test-conformance-host:
	$(call test_layer,,mkdir -p $(CONF_HOST_DIR); \
	    $(MAKE) --no-print-directory -k -j$(JOBS) conformance-host-bins \
	        >$(CONF_HOST_DIR)/build.log 2>&1 || cat $(CONF_HOST_DIR)/build.log; \
	    tests/conformance/harness host $(LAYER_TAP) $(CONF_HOST_DIR) $(CONF_HOST_BIN))

ifneq ($(wildcard tools/runprog),)
TEST_LAYERS += test-conformance-tick386
endif
test-conformance-tick386:
	$(call test_layer,,(for n in $(CONF_NAMES); do [ -r $(CONF_HOST_DIR)/$$n.out ] || exit 1; done) || \
	    $(MAKE) --no-print-directory test-conformance-host >/dev/null; \
	    RUNPROG_APPEND=slub_debug RUNPROG_QEMU_ARGS="$(CONF_ICOUNT)" tests/conformance/harness tick386 $(LAYER_TAP) $(BUILD)/conformance/tick386 \
	        $(CONF_HOST_DIR) $(CONF_SRC))

# Re-record the Linux kernel's raw errno table (Linux hosts only).
conformance-probe:
	@mkdir -p $(BUILD)/probes
	$(call say,HOSTCC,$@)
	$(Q)$(HOSTCC) -O2 -Wall -Wextra -Werror -o $(BUILD)/probes/linux_errno \
	    tools/probes/linux_errno.c
	$(BUILD)/probes/linux_errno > tests/conformance/linux-errno.txt
	@cat tests/conformance/linux-errno.txt | head -3
