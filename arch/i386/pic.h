/* The two cascaded 8259A interrupt controllers of the PC. */
#ifndef TICK386_ARCH_PIC_H
#define TICK386_ARCH_PIC_H

#include "arch/i386/trap.h"

#define IRQ_COUNT 16
#define IRQ_PIT 0
#define IRQ_KEYBOARD 1
#define IRQ_CASCADE 2
#define IRQ_COM1 4
#define IRQ_RTC 8

typedef void (*irq_handler_t)(struct trap_frame *tf, void *ctx);

void pic_init(void);
void pic_mask(unsigned irq);
void pic_unmask(unsigned irq);

/* Register the handler of an IRQ line and unmask it.  One handler a line. */
void irq_register(unsigned irq, irq_handler_t handler, void *ctx);

/* Called by trap_dispatch for vectors 0x20..0x2F. */
void irq_dispatch(struct trap_frame *tf);

/* Counts for tests and /proc-like reports. */
unsigned long irq_count(unsigned irq);
unsigned long irq_spurious_count(void);

#endif
