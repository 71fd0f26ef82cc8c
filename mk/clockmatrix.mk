# The clock matrix: the kernel on QEMU's pc and q35, with and without a PIT,
# with the PIT, the HPET or the local APIC timer as clock event device and
# the TSC, HPET, ACPI PM
# timer or PIT as clock source, with and without a TSC
# (tests/clockmatrix/rows, tools/clock-matrix).
#
# test-clock-matrix (in make test): three rows chosen to reach what the
# other layers do not (no PIT at all; the local APIC timer with the PM
# timer source; no TSC and no PIT), the clock suites only, and the ACPI
# power paths (tools/power-test).  test-matrix (not in make test, minutes):
# every row, every in-kernel suite and the conformance suite against Linux
# (ROWS="NAME...": only those rows).

TEST_LAYERS += test-clock-matrix
.PHONY: test-clock-matrix test-matrix
test-clock-matrix: deps
	$(call test_layer,test-kernel-image kernel,\
	    tools/clock-matrix short $(BUILD)/results $(TEST_KERNEL); \
	    tools/power-test $(KERNEL) >$(LAYER_TAP)/power.tap)

test-matrix: deps test-kernel-image kernel user-libc initramfs
	@(for n in $(CONF_NAMES); do [ -r $(CONF_HOST_DIR)/$$n.out ] || exit 1; done) || \
	    $(MAKE) --no-print-directory test-conformance-host >/dev/null
	@CLOCK_MATRIX_ROWS="$(ROWS)" tools/clock-matrix full $(BUILD)/results $(TEST_KERNEL)
