/*
 * The kernel's clocks.
 *
 * Clock source: the TSC when CPUID reports one, converted with a mult/shift
 * pair calibrated at boot against PIT channel 2; otherwise (or with
 * clocksource=pit on the command line) PIT channel 2 running free, its
 * latched count accumulated into a 64-bit tick count.
 *
 * CLOCK_MONOTONIC is nanoseconds since clock_init, never decreasing;
 * CLOCK_REALTIME is monotonic plus an offset: the RTC's time at boot, moved
 * by clock_realtime_set.  The _HR clock ids read the same clocks.
 */
#ifndef TICK386_KERNEL_CLOCK_H
#define TICK386_KERNEL_CLOCK_H

#include "lib/types.h"

enum clock_source { CLOCK_SOURCE_NONE, CLOCK_SOURCE_TSC, CLOCK_SOURCE_PIT };

/* PIT, TSC calibration, RTC read, IRQ 0.  After pic_init, before sti. */
void clock_init(void);

u64 clock_monotonic_ns(void);	      /* ns since boot, never decreasing, any context */
u64 clock_realtime_ns(void);	      /* ns since 1970 */
int clock_realtime_set(u64 ns);	      /* moves the wall clock; then ktimer_clock_was_set() */
u64 clock_resolution_ns(int clockid); /* 0 for an unknown clock id */

/* realtime - monotonic, ns (ktimer converts wall deadlines with it). */
s64 clock_realtime_offset_ns(void);

enum clock_source clock_source(void);
u64 clock_tsc_hz(void);		  /* calibrated TSC frequency, 0 without a TSC */
s64 clock_boot_rtc_seconds(void); /* what the RTC said at boot (seconds since 1970) */

/* Measure the TSC against PIT channel 2 over `ticks` PIT ticks (1..65536);
 * returns Hz, 0 without a TSC.  Busy-waits; interrupts may be on. */
u64 clock_calibrate_tsc_pit(u32 ticks);

/* Called from IRQ 0 before the handlers: folds the PIT clock source's
 * count (nothing to do for the TSC). */
void clock_irq_update(void);

#endif
