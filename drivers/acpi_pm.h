/*
 * The ACPI power management timer: a free-running counter of 24 (or, with
 * the FADT's TMR_VAL_EXT flag, 32) bits at 3.579545 MHz in an I/O port the
 * FADT names.  It cannot interrupt and wraps every 4.69 s (24 bits), so
 * the clock that uses it folds it often (kernel/time/clocksource.c).
 * This driver exposes the hardware and nothing more.
 */
#ifndef TICK386_DRIVERS_ACPI_PM_H
#define TICK386_DRIVERS_ACPI_PM_H

#include "lib/types.h"

#define ACPI_PM_HZ 3579545u

/* Check the port counts (it must move, and stay inside its width); 0 or
 * -1 (printed). */
int acpi_pm_init(u32 port, bool bits32);
bool acpi_pm_present(void);
u32 acpi_pm_read(void);	 /* the counter, masked to its width */
u32 acpi_pm_mask(void);	 /* 0xFFFFFF or 0xFFFFFFFF */

#endif
