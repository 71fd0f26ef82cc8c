/*
 * I/O APIC registers are reached through an index (IOREGSEL, offset 0x00)
 * and a window (IOWIN, 0x10): register 1 is the version (bits 16-23: the
 * last redirection entry), 0x10 + 2n and 0x11 + 2n the low and high halves
 * of redirection entry n (low: vector bits 0-7, delivery mode 8-10 (0
 * fixed), polarity bit 13 (1: active low), trigger bit 15 (1: level), mask
 * bit 16; high: destination APIC id bits 24-31).
 */
#include "arch/i386/ioapic.h"
#include "arch/i386/io.h"
#include "arch/i386/lapic.h"
#include "arch/i386/mmio.h"
#include "arch/i386/pic.h"
#include "arch/i386/trap.h"
#include "drivers/acpi.h"
#include "kernel/bootinfo.h"
#include "kernel/printk.h"
#include "lib/string.h"

#define IOREGSEL 0x00
#define IOWIN 0x10
#define REG_VERSION 0x01
#define REDIR_LO(n) (0x10 + 2 * (n))
#define REDIR_HI(n) (0x11 + 2 * (n))
#define RE_ACTIVE_LOW (1u << 13)
#define RE_LEVEL (1u << 15)
#define RE_MASKED (1u << 16)

/* Written once by ioapic_init at boot; the entries' mask bits afterwards
 * by pic_mask/pic_unmask under irq_save (uniprocessor). */
static volatile void *regs;
static u32 gsi_base, entries;
static u32 irq_gsi[IRQ_COUNT];

static u32 io_read(u32 reg)
{
	mmio_write32(regs, IOREGSEL, reg);
	return mmio_read32(regs, IOWIN);
}

static void io_write(u32 reg, u32 v)
{
	mmio_write32(regs, IOREGSEL, reg);
	mmio_write32(regs, IOWIN, v);
}

int ioapic_init(const struct acpi_info *acpi)
{
	u32 flags_of[IRQ_COUNT] = { 0 };

	if (!acpi || !acpi->have_madt || acpi->ioapic_count == 0) {
		kprintf("ioapic: no I/O APIC in the MADT: the 8259s route the IRQs\n");
		return -1;
	}
	if (lapic_init(acpi->lapic_phys, NULL) < 0)
		return -1;
	regs = mmio_map(acpi->ioapics[0].phys, 0x20, false);
	if (!regs)
		return -1;
	gsi_base = acpi->ioapics[0].gsi_base;
	entries = ((io_read(REG_VERSION) >> 16) & 0xFF) + 1;
	for (unsigned irq = 0; irq < IRQ_COUNT; irq++)
		irq_gsi[irq] = irq;
	for (unsigned i = 0; i < acpi->override_count; i++) {
		const struct acpi_override *o = &acpi->overrides[i];

		if (o->bus == 0 && o->source_irq < IRQ_COUNT) {
			irq_gsi[o->source_irq] = o->gsi;
			flags_of[o->source_irq] = o->flags;
		}
	}
	for (unsigned irq = 0; irq < IRQ_COUNT; irq++) {
		u32 gsi = irq_gsi[irq], lo = (TRAP_IRQ_BASE + irq) | RE_MASKED;

		if (irq == IRQ_CASCADE || gsi < gsi_base || gsi - gsi_base >= entries)
			continue;
		/* ISA defaults: active high, edge; an override may say
		 * otherwise (polarity bits 0-1, trigger bits 2-3: 3 = low/level) */
		if ((flags_of[irq] & 3) == 3)
			lo |= RE_ACTIVE_LOW;
		if (((flags_of[irq] >> 2) & 3) == 3)
			lo |= RE_LEVEL;
		io_write(REDIR_HI(gsi - gsi_base), 0); /* APIC id 0: the boot CPU */
		io_write(REDIR_LO(gsi - gsi_base), lo);
	}
	/* no more 8259 interrupts, nor their virtual wire */
	outb(0x21, 0xFF);
	outb(0xA1, 0xFF);
	lapic_mask_lint0();
	kprintf("ioapic: %u entries at %#x, GSI base %u: ISA IRQs routed (IRQ 0 -> GSI %u), "
		"8259s masked\n",
		entries, acpi->ioapics[0].phys, gsi_base, irq_gsi[0]);
	return 0;
}

bool ioapic_active(void)
{
	return regs != NULL;
}

static void set_mask(unsigned irq, bool masked)
{
	u32 gsi = irq_gsi[irq], lo;

	if (irq >= IRQ_COUNT || irq == IRQ_CASCADE || gsi < gsi_base || gsi - gsi_base >= entries)
		return;
	lo = io_read(REDIR_LO(gsi - gsi_base));
	io_write(REDIR_LO(gsi - gsi_base), masked ? lo | RE_MASKED : lo & ~RE_MASKED);
}

void ioapic_mask_irq(unsigned irq)
{
	set_mask(irq, true);
}

void ioapic_unmask_irq(unsigned irq)
{
	set_mask(irq, false);
}

u32 ioapic_irq_entry(unsigned irq)
{
	u32 gsi;

	if (!regs || irq >= IRQ_COUNT || irq == IRQ_CASCADE)
		return 0;
	gsi = irq_gsi[irq];
	if (gsi < gsi_base || gsi - gsi_base >= entries)
		return 0;
	return io_read(REDIR_LO(gsi - gsi_base));
}

u32 ioapic_irq_gsi(unsigned irq)
{
	return irq < IRQ_COUNT ? irq_gsi[irq] : 0;
}

void irqchip_init(void)
{
	char want[16] = "";

	/* irqchip=pic (or its older name 8259) keeps the 8259s even where
	 * the MADT lists an I/O APIC; irqchip=ioapic routes through it. */
	bootinfo_cmdline_get("irqchip", want, sizeof(want));
	if (strcmp(want, "ioapic") == 0)
		ioapic_init(acpi_tables());
	else if (want[0] && strcmp(want, "pic") != 0 && strcmp(want, "8259") != 0)
		kprintf("irqchip=%s: unknown (pic or ioapic); the 8259s route the IRQs\n", want);
}
