# Layer 4 (kernel part): `make bench-kernel` measures the POSIX timer calls
# inside tick386 under QEMU -icount (8 ns of virtual time per instruction,
# idle time skipped), so the figures repeat from run to run: the cost of
# timer_create and timer_settime with 100,000 timers armed, and the memory
# each timer costs (the kernel's line when init ends).  Figures, not a test.

BENCH_KERNEL_ICOUNT ?= -icount shift=3,align=off,sleep=off

.PHONY: bench-kernel
bench-kernel: deps $(KERNEL)
	@RUNPROG_QEMU_ARGS="$(BENCH_KERNEL_ICOUNT)" RUNPROG_TIMEOUT=300 \
	    tools/runprog tests/user/t_timers_scale.c 2>&1 | \
	    grep -E 'created|armed|posix timers:|not ok' | \
	    sed 's/^ok [0-9]* - /  /; s/^tick386: /  /'
