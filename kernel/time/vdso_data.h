/*
 * The vDSO's data page (lib/vclock.h's struct vclock_data): the clock's
 * parameters as kernel/time/clock.c last set them, and the time zone, for
 * the vDSO (arch/i386/vdso/) to read the clocks in user space.
 */
#ifndef TICK386_KERNEL_TIME_VDSO_DATA_H
#define TICK386_KERNEL_TIME_VDSO_DATA_H

#include "lib/types.h"

struct vdso_clock_params {
	bool tsc;	      /* the TSC is the clock source: else every read asks the kernel */
	u64 cycle_base;	      /* the TSC at raw 0 */
	u32 mult, shift;      /* raw ns = cycles * mult >> shift */
	u64 base_raw, base_mono;
	s64 adj, slew;	      /* MONOTONIC's rate against RAW since base_raw */
	s64 realtime_offset;  /* REALTIME - MONOTONIC */
	s64 tai_offset_ns;    /* TAI - REALTIME */
};

/* Publish new parameters (clock.c, at every change; interrupts off). */
void vdso_data_update(const struct vdso_clock_params *p);
/* settimeofday's zone, for gettimeofday's second argument. */
void vdso_data_set_tz(int minuteswest, int dsttime);

/* The page's physical address, for mapping it into user space. */
u32 vdso_data_phys(void);

#endif
