/*
 * The IDT.  Exceptions and IRQs use interrupt gates (the CPU clears IF on
 * entry, so a handler is never interrupted by another IRQ).  int 0x80 uses a
 * trap gate with DPL 3: ring 3 may raise it, and system calls run with
 * interrupts enabled, as in Linux, so a long call never delays the clock.
 * int3 and into have DPL 3 too (below).
 */
#include "arch/i386/idt.h"
#include "arch/i386/gdt.h"
#include "arch/i386/trap.h"
#include "lib/compiler.h"
#include "lib/types.h"

struct idt_gate {
	u16 offset_low;
	u16 selector;
	u8 zero;
	u8 type_attr; /* present, DPL, gate type */
	u16 offset_high;
} __packed;

struct idt_pointer {
	u16 limit;
	u32 base;
} __packed;

#define GATE_INTERRUPT 0x8E	 /* present, DPL 0, 32-bit interrupt gate */
#define GATE_INTERRUPT_USER 0xEE /* present, DPL 3, 32-bit interrupt gate */
#define GATE_TRAP_USER 0xEF /* present, DPL 3, 32-bit trap gate */

extern const u32 isr_stub_table[TRAP_VECTORS];
static struct idt_gate idt[TRAP_VECTORS] __aligned(8);

static void idt_set(unsigned vector, u32 handler, u8 type_attr)
{
	idt[vector].offset_low = handler & 0xFFFF;
	idt[vector].selector = GDT_KERNEL_CS;
	idt[vector].zero = 0;
	idt[vector].type_attr = type_attr;
	idt[vector].offset_high = handler >> 16;
}

void idt_init(void)
{
	struct idt_pointer ptr = {sizeof(idt) - 1, (u32)idt};

	for (unsigned v = 0; v < TRAP_VECTORS; v++)
		idt_set(v, isr_stub_table[v], GATE_INTERRUPT);
	idt_set(TRAP_SYSCALL, isr_stub_table[TRAP_SYSCALL], GATE_TRAP_USER);
	/*
	 * int3 and into are instructions for ring 3 (a debugger's breakpoint,
	 * an overflow check): their gates let it raise them, as Linux's, so
	 * they give SIGTRAP and SIGSEGV with eip after the instruction.  Any
	 * other int $n from ring 3 is a general protection fault.
	 */
	idt_set(TRAP_BREAKPOINT, isr_stub_table[TRAP_BREAKPOINT], GATE_INTERRUPT_USER);
	idt_set(TRAP_OVERFLOW, isr_stub_table[TRAP_OVERFLOW], GATE_INTERRUPT_USER);
	__asm__ volatile("lidt %0" : : "m"(ptr));
}
