/*
 * The I/O APIC's routing, read back from its redirection entries, against
 * the MADT (irqchip=ioapic; skipped on the 8259s): each ISA IRQ on the GSI
 * its interrupt source override names, else the GSI of its number, with
 * the override's polarity and trigger, else the ISA ones (active high,
 * edge), on the vector 0x20 + IRQ, fixed delivery; the RTC's IRQ 8 and the
 * clock's IRQ 0 unmasked once their handlers are in; and the RTC's
 * update-ended interrupt arriving through it second after second.
 * (QEMU's I/O APIC delivers an edge-triggered entry at every raise of the
 * line, so a missing read of register C would not show here as it does
 * on a real one.)
 */
#include "arch/i386/cpu.h"
#include "arch/i386/ioapic.h"
#include "arch/i386/pic.h"
#include "arch/i386/trap.h"
#include "drivers/acpi.h"
#include "drivers/hpet.h"
#include "drivers/rtc.h"
#include "kernel/ktest.h"

#define RE_VECTOR 0xFFu
#define RE_DELIVERY (7u << 8)
#define RE_ACTIVE_LOW (1u << 13)
#define RE_LEVEL (1u << 15)
#define RE_MASKED (1u << 16)

static bool routed(struct ktest *t)
{
	if (ioapic_active())
		return true;
	ktest_skip(t, "the 8259s route the IRQs (irqchip=ioapic not given)");
	return false;
}

/* The MADT's word for ISA IRQ irq: its GSI and override flags (0: none). */
static u32 madt_gsi(unsigned irq, u16 *flags)
{
	const struct acpi_info *a = acpi_tables();
	u32 gsi = irq;

	*flags = 0;
	for (unsigned i = 0; a && i < a->override_count; i++)
		if (a->overrides[i].bus == 0 && a->overrides[i].source_irq == irq) {
			gsi = a->overrides[i].gsi;
			*flags = a->overrides[i].flags;
		}
	return gsi;
}

static void test_entries_follow_madt(struct ktest *t)
{
	if (!routed(t))
		return;
	for (unsigned irq = 0; irq < IRQ_COUNT; irq++) {
		u16 flags;
		u32 gsi = madt_gsi(irq, &flags), lo;

		if (irq == IRQ_CASCADE)
			continue;
		KEXPECT_EQ(t, ioapic_irq_gsi(irq), gsi);
		lo = ioapic_irq_entry(irq);
		KEXPECT_EQ(t, lo & RE_VECTOR, TRAP_IRQ_BASE + irq);
		KEXPECT_EQ(t, lo & RE_DELIVERY, 0);
		/* polarity bits 0-1, trigger bits 2-3 of the flags: 3 is
		 * active low / level; 0 (the bus's own) and 1 are ISA's */
		KEXPECT_EQ(t, !!(lo & RE_ACTIVE_LOW), (flags & 3) == 3);
		KEXPECT_EQ(t, !!(lo & RE_LEVEL), ((flags >> 2) & 3) == 3);
	}
}

static void test_rtc_and_clock_lines(struct ktest *t)
{
	u16 flags;

	if (!routed(t))
		return;
	/* QEMU's MADT (pc and q35) overrides IRQ 0 to GSI 2 and leaves IRQ 8 */
	KEXPECT_EQ(t, ioapic_irq_gsi(IRQ_RTC), madt_gsi(IRQ_RTC, &flags));
	KEXPECT_EQ(t, flags, 0);
	KEXPECT_EQ(t, ioapic_irq_entry(IRQ_RTC) & (RE_MASKED | RE_LEVEL | RE_ACTIVE_LOW), 0);
	KEXPECT_EQ(t, ioapic_irq_entry(IRQ_PIT) & RE_MASKED, 0);
}

static volatile unsigned long updates;

static void on_update(u8 flags, void *ctx)
{
	(void)ctx;
	if (flags & RTC_IRQ_UPDATE)
		updates++;
}

static void test_rtc_interrupt_rearms(struct ktest *t)
{
	unsigned long before = irq_count(IRQ_RTC);

	if (!routed(t))
		return;
	if (hpet_legacy_routing()) {
		ktest_skip(t, "IRQ 8 is the HPET's (legacy replacement routing)");
		return;
	}
	/* One update-ended interrupt a second (host-time seconds, so no
	 * rate is checked): three in a row through the routed GSI. */
	updates = 0;
	rtc_set_irq_handler(on_update, NULL);
	rtc_update_irq_start();
	while (updates < 3)
		cpu_sti_hlt();
	rtc_update_irq_stop();
	rtc_set_irq_handler(NULL, NULL);
	KEXPECT_GE(t, irq_count(IRQ_RTC) - before, 3);
}

KTEST_SUITE(ioapic, KTEST_CASE(test_entries_follow_madt), KTEST_CASE(test_rtc_and_clock_lines),
	    KTEST_CASE(test_rtc_interrupt_rearms));
