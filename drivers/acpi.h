/*
 * ACPI on this machine: the RSDP found (from the loader, else the EBDA,
 * else the BIOS area), its tables parsed by lib/acpi.c and what they say
 * kept for the drivers (HPET, PM timer, APICs) and for reset and power-off.
 */
#ifndef TICK386_DRIVERS_ACPI_H
#define TICK386_DRIVERS_ACPI_H

#include "lib/acpi.h"

/* Find and parse the tables; prints what was found.  After pmm_init
 * (the MMIO window), before clock_init.  acpi=off on the command line
 * skips it all. */
void acpi_init(void);

/* What the tables say, or NULL without usable ACPI.  Written once by
 * acpi_init at boot, read-only after: no lock. */
const struct acpi_info *acpi_tables(void);

/* Reset through the FADT's reset register; returns if there is none or
 * the machine did not reset. */
void acpi_reset(void);
/* Enter S5 (soft off) through PM1a/PM1b_CNT with \_S5's SLP_TYP; returns
 * if that is not possible or did not happen. */
void acpi_poweroff(void);

#endif
