/*
 * The I/O APIC: the ISA interrupts routed through it instead of the 8259s
 * (irqchip=ioapic on the command line; the 8259s stay the default, and
 * irqchip=pic names them).  Each
 * ISA IRQ goes to the GSI the MADT's interrupt source overrides name (on
 * QEMU the PIT's IRQ 0 is GSI 2), with the polarity and trigger mode they
 * give, on the vector the 8259s used (0x20 + IRQ), so trap_dispatch and
 * irq_dispatch serve it unchanged but for the end of interrupt, which goes
 * to the local APIC.  The 8259s are then masked whole, and the local
 * APIC's LINT0 (their virtual wire) too.
 */
#ifndef TICK386_ARCH_IOAPIC_H
#define TICK386_ARCH_IOAPIC_H

#include "lib/acpi.h"
#include "lib/types.h"

/* irqchip=ioapic on the command line: ioapic_init (kmain, after acpi_init);
 * irqchip=pic (or 8259): the 8259s. */
void irqchip_init(void);
/* Route the ISA IRQs through the first I/O APIC of the MADT (all masked);
 * 0, or -1 (printed, the 8259s kept).  Before the first irq_register. */
int ioapic_init(const struct acpi_info *acpi);
/* The I/O APIC routes the IRQs (written once at boot). */
bool ioapic_active(void);
void ioapic_mask_irq(unsigned irq);
void ioapic_unmask_irq(unsigned irq);
/* The low half of the redirection entry serving ISA IRQ irq (vector,
 * delivery mode, polarity bit 13, trigger bit 15, mask bit 16), 0 when
 * the I/O APIC does not route it. */
u32 ioapic_irq_entry(unsigned irq);
/* The GSI an ISA IRQ arrives on. */
u32 ioapic_irq_gsi(unsigned irq);

#endif
