# `make stress`: tests/user/t_stress_timers.c at full size (tools/stress-run):
# 64 processes, some with threads, with 100,000 POSIX timers on every clock
# that has timers while another process steps and slews CLOCK_REALTIME;
# every timer's signals + overruns must equal its expiries due, nothing may
# be left.  Under -icount, so a run repeats; it prints its figures (timers,
# signals, overruns, clock steps, virtual and wall time).  Not a test layer:
# test-user runs the smaller slice named in the file's header.
#   make stress STRESS_PROCS=64 STRESS_TIMERS=100000 STRESS_MS=2000 STRESS_SEED=1
STRESS_PROCS  ?= 64
STRESS_TIMERS ?= 100000
STRESS_MS     ?= 2000
STRESS_SEED   ?= 1

.PHONY: stress
stress: deps kernel user-libc initramfs
	@tools/stress-run $(STRESS_PROCS) $(STRESS_TIMERS) $(STRESS_MS) $(STRESS_SEED)
