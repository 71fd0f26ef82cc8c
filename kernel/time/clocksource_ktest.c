/*
 * The clock sources and what ACPI told the kernel about them: on QEMU's pc
 * and q35 the tables name the HPET at 0xFED00000, a PM timer port and the
 * PIT's IRQ 0 on GSI 2; each usable counter runs at its rated frequency
 * against the clock in use (to 0.1% over 20 ms); a switch to every usable
 * source and back keeps MONOTONIC and RAW from going back and the sleep
 * lengths right; a name no usable source has is -EINVAL and changes
 * nothing.
 */
#include "arch/i386/cpu.h"
#include "drivers/acpi.h"
#include "drivers/acpi_pm.h"
#include "drivers/hpet.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "kernel/time/clock.h"
#include "kernel/time/clocksource.h"
#include "lib/clockmath.h"
#include <abi/errno.h>
#include <abi/time.h>

static void test_acpi_found_qemu_hardware(struct ktest *t)
{
	const struct acpi_info *a = acpi_tables();
	bool irq0_gsi2 = false;

	KASSERT_TRUE(t, a != NULL);
	KEXPECT_TRUE(t, a->have_hpet);
	KEXPECT_EQ(t, a->hpet_phys, 0xFED00000ull);
	KEXPECT_TRUE(t, a->have_fadt);
	KEXPECT_NE(t, a->pm_timer_port, 0);
	KEXPECT_TRUE(t, a->have_madt);
	KEXPECT_EQ(t, a->ioapic_count, 1);
	for (unsigned i = 0; i < a->override_count; i++)
		if (a->overrides[i].source_irq == 0 && a->overrides[i].gsi == 2)
			irq0_gsi2 = true;
	KEXPECT_TRUE(t, irq0_gsi2);
	KEXPECT_TRUE(t, a->have_s5);
	KEXPECT_TRUE(t, clocksource_usable(CLOCK_SOURCE_HPET));
	KEXPECT_TRUE(t, clocksource_usable(CLOCK_SOURCE_ACPI_PM));
	KEXPECT_EQ(t, clocksource_usable(CLOCK_SOURCE_PIT), clock_pit_present());
}

/* Count one counter against clock_raw_ns over ~20 ms: Hz measured. */
static u64 measure_hz(enum clock_source s)
{
	u64 r0, r1, c0, c1, mask;
	u32 flags = irq_save();

	if (s == CLOCK_SOURCE_HPET) {
		mask = hpet_counter_64bit() ? ~0ull : 0xFFFFFFFFull;
		c0 = hpet_read();
	} else {
		mask = acpi_pm_mask();
		c0 = acpi_pm_read();
	}
	r0 = clock_raw_ns();
	do {
		r1 = clock_raw_ns();
	} while (r1 - r0 < 20000000);
	c1 = s == CLOCK_SOURCE_HPET ? hpet_read() : acpi_pm_read();
	irq_restore(flags);
	return clockmath_muldiv((c1 - c0) & mask, NSEC_PER_SEC / 1000, (u32)((r1 - r0) / 1000));
}

static void test_counters_agree(struct ktest *t)
{
	if (clocksource_usable(CLOCK_SOURCE_HPET)) {
		u64 hz = measure_hz(CLOCK_SOURCE_HPET), want = hpet_hz();
		kprintf("# HPET: %llu Hz measured against %s, %llu rated\n", hz,
			clocksource_name(clock_source()), want);
		KEXPECT_LT(t, hz > want ? hz - want : want - hz, want / 1000);
	}
	if (clocksource_usable(CLOCK_SOURCE_ACPI_PM)) {
		u64 hz = measure_hz(CLOCK_SOURCE_ACPI_PM);
		kprintf("# PM timer: %llu Hz measured against %s\n", hz,
			clocksource_name(clock_source()));
		KEXPECT_LT(t, hz > ACPI_PM_HZ ? hz - ACPI_PM_HZ : ACPI_PM_HZ - hz, ACPI_PM_HZ / 1000);
	}
}

static void test_switch_every_source(struct ktest *t)
{
	enum clock_source start = clock_source();
	u64 mono = clock_monotonic_ns(), raw = clock_raw_ns();
	unsigned backwards = 0;

	for (unsigned round = 0; round < 3; round++)
		for (unsigned s = 1; s < CLOCK_SOURCE_COUNT; s++) {
			if (!clocksource_usable((enum clock_source)s))
				continue;
			KEXPECT_EQ(t, clock_set_source(clocksource_name((enum clock_source)s)), 0);
			KEXPECT_EQ(t, clock_source(), (enum clock_source)s);
			for (unsigned i = 0; i < 200; i++) {
				u64 m = clock_monotonic_ns(), r = clock_raw_ns();
				if (m < mono || r < raw)
					backwards++;
				mono = m;
				raw = r;
			}
		}
	KEXPECT_EQ(t, clock_set_source(clocksource_name(start)), 0);
	KEXPECT_EQ(t, backwards, 0);
	KEXPECT_EQ(t, clock_set_source("nope"), -EINVAL);
	KEXPECT_EQ(t, clock_set_source(""), -EINVAL);
	KEXPECT_EQ(t, clock_set_source("none"), -EINVAL);
	KEXPECT_EQ(t, clock_source(), start);
}

KTEST_SUITE(clocksource, KTEST_CASE(test_acpi_found_qemu_hardware), KTEST_CASE(test_counters_agree),
	    KTEST_CASE(test_switch_every_source));
