/*
 * The clock sources the kernel can count time with, named and rated as
 * Linux names and rates them (higher is better; the best usable one is
 * chosen at boot unless clocksource= names another):
 *
 *   tsc      300  the CPU's time-stamp counter (read in one instruction,
 *                 also by the vDSO); needs a calibration against one of
 *                 the others
 *   hpet     250  the HPET's main counter (memory-mapped, ~1 us to read)
 *   acpi_pm  200  the ACPI PM timer, 3.579545 MHz, 24 or 32 bits (I/O port)
 *   pit      110  PIT channel 2 running free, 16 bits
 *
 * The counters narrower than 64 bits are folded into a 64-bit count on
 * every read and every clock event (clock_irq_update): such a source
 * needs an event at least every clocksource_fold_interval_ns.
 */
#ifndef TICK386_KERNEL_CLOCKSOURCE_H
#define TICK386_KERNEL_CLOCKSOURCE_H

#include "kernel/time/clock.h"
#include "lib/types.h"

#define CLOCK_SOURCE_COUNT 5 /* with CLOCK_SOURCE_NONE */

const char *clocksource_name(enum clock_source s);
int clocksource_rating(enum clock_source s);
/* CLOCK_SOURCE_NONE for a name no source has. */
enum clock_source clocksource_by_name(const char *name);

/* Mark a source found usable at boot (clock_init). */
void clocksource_set_usable(enum clock_source s, bool usable);
bool clocksource_usable(enum clock_source s);
/* The usable source of the highest rating. */
enum clock_source clocksource_best(void);

/* HPET and ACPI PM: start counting from 0 now; the ns counted since, with
 * the count folded (interrupts off).  For another source: 0. */
void clocksource_counter_start(enum clock_source s);
u64 clocksource_counter_ns(enum clock_source s);
/* How often a folded source must be read (0: never), ns. */
u64 clocksource_fold_interval_ns(enum clock_source s);

/* The TSC's frequency measured against the HPET or the PM timer over
 * about 50 ms, interrupts off; 0 if that source is not there. */
u64 clocksource_calibrate_tsc(enum clock_source against);

/* "tsc hpet acpi_pm pit \n": the usable sources, best first (for
 * /sys/devices/system/clocksource/clocksource0/available_clocksource). */
size_t clocksource_list(char *buf, size_t size);

#endif
