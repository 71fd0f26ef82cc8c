/* The Interrupt Descriptor Table: 256 gates, one stub each. */
#ifndef TICK386_ARCH_IDT_H
#define TICK386_ARCH_IDT_H

void idt_init(void);

#endif
