/*
 * The 8259A PICs.  At power-on the master delivers IRQ 0-7 on vectors 8-15,
 * on top of the CPU's exceptions, so we remap master to 0x20-0x27 and slave
 * to 0x28-0x2F (ICW2).  The slave hangs on the master's IRQ 2 (ICW3).
 *
 * Spurious interrupts: when a line drops before the CPU acknowledges it, the
 * PIC still raises its lowest-priority vector (IRQ 7, or IRQ 15 on the
 * slave) without setting the bit in its In-Service Register.  Such an IRQ
 * must not be acknowledged with an EOI (for 15, the master still gets one,
 * since it did see a real request on the cascade line).
 */
#include "arch/i386/pic.h"
#include "arch/i386/io.h"
#include "arch/i386/ioapic.h"
#include "arch/i386/lapic.h"
#include "kernel/printk.h"

#define PIC1_CMD 0x20
#define PIC1_DATA 0x21
#define PIC2_CMD 0xA0
#define PIC2_DATA 0xA1
#define PIC_EOI 0x20
#define PIC_READ_ISR 0x0B /* OCW3: the next read of CMD returns the ISR */

#define ICW1_INIT_ICW4 0x11 /* edge triggered, cascade, ICW4 follows */
#define ICW4_8086 0x01

static struct {
	irq_handler_t handler;
	void *ctx;
	unsigned long count;
} irqs[IRQ_COUNT];
static unsigned long spurious;

void pic_init(void)
{
	outb(PIC1_CMD, ICW1_INIT_ICW4);
	io_wait();
	outb(PIC2_CMD, ICW1_INIT_ICW4);
	io_wait();
	outb(PIC1_DATA, TRAP_IRQ_BASE);
	io_wait();
	outb(PIC2_DATA, TRAP_IRQ_BASE + 8);
	io_wait();
	outb(PIC1_DATA, 1 << IRQ_CASCADE); /* master: slave on IRQ 2 */
	io_wait();
	outb(PIC2_DATA, 2); /* slave: its cascade identity */
	io_wait();
	outb(PIC1_DATA, ICW4_8086);
	io_wait();
	outb(PIC2_DATA, ICW4_8086);
	io_wait();
	/* Everything masked but the cascade; irq_register unmasks a line. */
	outb(PIC1_DATA, (u8) ~(1 << IRQ_CASCADE));
	outb(PIC2_DATA, 0xFF);
}

void pic_mask(unsigned irq)
{
	if (ioapic_active()) {
		ioapic_mask_irq(irq);
		return;
	}
	u16 port = irq < 8 ? PIC1_DATA : PIC2_DATA;
	outb(port, inb(port) | (u8)(1 << (irq & 7)));
}

void pic_unmask(unsigned irq)
{
	if (ioapic_active()) {
		ioapic_unmask_irq(irq);
		return;
	}
	u16 port = irq < 8 ? PIC1_DATA : PIC2_DATA;
	outb(port, inb(port) & (u8) ~(1 << (irq & 7)));
}

static u8 pic_isr(u16 cmd_port)
{
	outb(cmd_port, PIC_READ_ISR);
	return inb(cmd_port);
}

void irq_register(unsigned irq, irq_handler_t handler, void *ctx)
{
	if (irq >= IRQ_COUNT)
		return;
	irqs[irq].ctx = ctx;
	irqs[irq].handler = handler;
	pic_unmask(irq);
}

unsigned long irq_count(unsigned irq)
{
	return irq < IRQ_COUNT ? irqs[irq].count : 0;
}

unsigned long irq_spurious_count(void)
{
	return spurious;
}

void irq_dispatch(struct trap_frame *tf)
{
	unsigned irq = tf->vector - TRAP_IRQ_BASE;

	/* Routed by the I/O APIC (irqchip=ioapic): the end of interrupt goes
	 * to the local APIC, first, as the 8259s' does below; no 8259
	 * spurious interrupts (the local APIC's own has its vector). */
	if (ioapic_active()) {
		irqs[irq].count++;
		lapic_eoi();
		if (irqs[irq].handler)
			irqs[irq].handler(tf, irqs[irq].ctx);
		return;
	}
	if (irq == 7 && !(pic_isr(PIC1_CMD) & 0x80)) {
		spurious++;
		return;
	}
	if (irq == 15 && !(pic_isr(PIC2_CMD) & 0x80)) {
		spurious++;
		outb(PIC1_CMD, PIC_EOI);
		return;
	}
	irqs[irq].count++;
	/*
	 * EOI before the handler: the handler may switch tasks (the clock
	 * interrupt preempts), and the PIC must not stay blocked meanwhile.
	 * Interrupts are still off (interrupt gate), so no nesting happens.
	 */
	if (irq >= 8)
		outb(PIC2_CMD, PIC_EOI);
	outb(PIC1_CMD, PIC_EOI);
	if (irqs[irq].handler)
		irqs[irq].handler(tf, irqs[irq].ctx);
}
