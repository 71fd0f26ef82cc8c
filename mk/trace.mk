# The timer-path trace (kernel/trace.h): `make plot` and the layer test-trace.
#
# make plot: boots bench/latency/timer_latency as init under QEMU with
# -icount shift=3,sleep=off (virtual time: the same figures on every
# machine) and trace=dump, then tools/plot-latency draws
# $(PLOT_DIR)/latency-histogram.png and timer-timeline.png with gnuplot.
# PLOT_PERIODS sets the number of 1 ms periods measured.
#
# test-trace: tests/trace/run checks tools/trace2chrome against a known
# trace (tests/trace/small.trace -> small.json, compared as JSON), converts
# a live trace=dump run, and runs a short `make plot` that must write both
# PNG files.

PLOT_DIR     ?= $(BUILD)/plot
PLOT_PERIODS ?= 1000
PLOT_QEMU    := -icount shift=3,sleep=off

.PHONY: plot test-trace
plot: deps kernel user-libc initramfs
	@mkdir -p $(PLOT_DIR)
	@RUNPROG_APPEND=trace=dump RUNPROG_QEMU_ARGS="$(PLOT_QEMU)" \
	    tools/runprog bench/latency/timer_latency.c $(PLOT_PERIODS) \
	    >$(PLOT_DIR)/timer_latency.out 2>$(PLOT_DIR)/timer_latency.console \
	    || { cat $(PLOT_DIR)/timer_latency.console; echo "plot: the workload failed" >&2; exit 1; }
	@tools/plot-latency $(PLOT_DIR)/timer_latency.out $(PLOT_DIR)/timer_latency.console $(PLOT_DIR)

TEST_LAYERS += test-trace
test-trace: deps
	$(call test_layer,kernel user-libc initramfs,tests/trace/run $(LAYER_TAP))
