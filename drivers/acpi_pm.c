/*
 * The PM timer (drivers/acpi_pm.h).  A port that is not there reads as
 * all ones (or zeros) forever: acpi_pm_init watches it move before
 * trusting it, as Linux's acpi_pm does (init_acpi_pm_clocksource).
 */
#include "drivers/acpi_pm.h"
#include "arch/i386/io.h"
#include "kernel/printk.h"

/* Set once by acpi_pm_init at boot, read-only after. */
static u16 port;
static u32 mask;

int acpi_pm_init(u32 p, bool bits32)
{
	u32 m = bits32 ? 0xFFFFFFFFu : 0xFFFFFFu, first, v = 0;
	u32 i;

	if (p == 0 || p > 0xFFFF)
		return -1;
	first = inl((u16)p) & m;
	for (i = 0; i < 1000000u; i++) {
		v = inl((u16)p) & m;
		if (v != first)
			break;
	}
	if (v == first) {
		kprintf("acpi_pm: port %#x does not count: not used\n", p);
		return -1;
	}
	port = (u16)p;
	mask = m;
	kprintf("acpi_pm: PM timer at port %#x, %u-bit, %u Hz\n", p, bits32 ? 32 : 24, ACPI_PM_HZ);
	return 0;
}

bool acpi_pm_present(void)
{
	return port != 0;
}

u32 acpi_pm_read(void)
{
	return inl(port) & mask;
}

u32 acpi_pm_mask(void)
{
	return mask;
}
