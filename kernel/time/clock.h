/*
 * The kernel's clocks.
 *
 * Clock source (kernel/time/clocksource.h): the best rated of those found
 * usable at boot, or the one clocksource= names: the TSC when CPUID reports
 * one, converted with a mult/shift pair calibrated at boot against PIT
 * channel 2 (or, on a machine without a PIT, the HPET or the ACPI PM
 * timer); the HPET's main counter; the ACPI PM timer; PIT channel 2
 * running free, its latched count accumulated into a 64-bit tick count.
 * clock_set_source switches at run time, RAW continuing where it was.
 *
 * CLOCK_MONOTONIC_RAW is nanoseconds of the clock source since clock_init;
 * CLOCK_MONOTONIC (and BOOTTIME) runs from it at the rate adjtimex sets
 * (kernel/time/ntp.c), never decreasing, never stepping; CLOCK_REALTIME is
 * monotonic plus an offset: the RTC's time at boot, stepped by
 * clock_realtime_set, clock_realtime_step and leap seconds; CLOCK_TAI is
 * REALTIME plus whole seconds.  The coarse clocks are the fine ones
 * truncated to a 10 ms tick.
 */
#ifndef TICK386_KERNEL_CLOCK_H
#define TICK386_KERNEL_CLOCK_H

#include "arch/i386/cpu.h"
#include "lib/compiler.h"
#include "lib/types.h"

enum clock_source {
	CLOCK_SOURCE_NONE,
	CLOCK_SOURCE_TSC,
	CLOCK_SOURCE_PIT,
	CLOCK_SOURCE_HPET,
	CLOCK_SOURCE_ACPI_PM,
};

/* PIT, TSC calibration, RTC read, IRQ 0.  After pic_init, before sti. */
void clock_init(void);

u64 clock_raw_ns(void);		      /* the clock source alone: never adjusted */

/*
 * The stamps the user/system split of CPU time is taken with (each entry
 * into the kernel from ring 3 and each return: kernel/task/vtime.h): the
 * TSC's raw count where it was calibrated, else clock_raw_ns.  Cheap (a
 * test and rdtsc inline); only differences of stamps mean anything, turned
 * into ns by clock_stamp_ns.  Chosen once in clock_init, before any task
 * runs in ring 3, so two stamps of a task are always of the same kind.
 */
extern bool clock_stamp_tsc;
static inline u64 clock_stamp(void)
{
	return likely(clock_stamp_tsc) ? rdtsc() : clock_raw_ns();
}
u64 clock_stamp_ns(u64 delta);
u64 clock_monotonic_ns(void);	      /* ns since boot, never decreasing, any context */
u64 clock_realtime_ns(void);	      /* ns since 1970 */
u64 clock_tai_ns(void);		      /* realtime + the TAI offset */
u64 clock_coarse_ns(u64 ns);	      /* ns on the coarse clocks' tick (truncated) */
int clock_realtime_set(u64 ns);	      /* moves the wall clock; then ktimer_clock_was_set() */
u64 clock_resolution_ns(int clockid); /* 0 for an unknown clock id */

/* Steps REALTIME by delta (ADJ_SETOFFSET); -EINVAL if it would fall behind
 * MONOTONIC or leave the settable range.  Clears the NTP state as Linux. */
int clock_realtime_step(s64 delta_ns);
/* A leap second: REALTIME steps by delta (whole seconds) and the TAI
 * offset by -delta, so CLOCK_TAI runs on; nothing else changes. */
void clock_leap_step(s64 delta_ns);

/* MONOTONIC's rate: (mono ns per raw ns - 1) * 2^32, |adj| < 2^31. */
void clock_set_rate(s64 adj);
/* adjtime(): absorb ns into MONOTONIC (and so REALTIME) at 500 ppm; returns
 * what was still to absorb of the previous one. */
s64 clock_slew_set(s64 ns);
s64 clock_slew_left(void);
/* A MONOTONIC interval as raw ns, never longer than it will really take. */
u64 clock_monotonic_to_raw_delta(u64 mono_delta);

s64 clock_tai_offset_sec(void);
void clock_tai_offset_set(s64 sec); /* then ktimer_clock_was_set() */

/* realtime - monotonic, ns (ktimer converts wall deadlines with it). */
s64 clock_realtime_offset_ns(void);

enum clock_source clock_source(void);
/* Switch to a usable source by name (0), -EINVAL if none is so named or
 * it is not usable.  RAW and MONOTONIC go on from where they were. */
int clock_set_source(const char *name);
/* The PIT answered at boot (a machine may have none: -machine pit=off). */
bool clock_pit_present(void);
u64 clock_tsc_hz(void);		  /* calibrated TSC frequency, 0 without a TSC */
u64 clock_tsc_calibrated_hz(void); /* the same whatever the source, 0 if unusable */
s64 clock_boot_rtc_seconds(void); /* what the RTC said at boot (seconds since 1970) */

/* Measure the TSC against PIT channel 2 over `ticks` PIT ticks (1..65536);
 * returns Hz, 0 without a TSC.  Busy-waits; interrupts may be on. */
u64 clock_calibrate_tsc_pit(u32 ticks);

/* Called from IRQ 0 before the handlers: folds the PIT clock source's
 * count (nothing to do for the TSC). */
void clock_irq_update(void);

#endif
