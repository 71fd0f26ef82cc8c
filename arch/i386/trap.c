/*
 * trap_dispatch: where every interrupt, exception and system call lands.
 * An exception raised in ring 3 without an installed handler goes to the
 * task code (task_user_fault: it becomes a signal); one in the kernel is
 * fatal, unless its instruction is one whose fault is expected and fixed
 * up (arch/i386/trap_fixup.c: a program's bad selector on the way back to
 * ring 3): we print what the CPU told us (vector, error code, registers, CR2
 * for a page fault) and a backtrace, then stop (kernel/panic.c ends QEMU
 * with a failing status).  Every return to ring 3 passes through the
 * scheduler (sched_return_to_user: reschedule, deliver signals) when it
 * has work (kernel/task/user_return.h).  int 0x80 does not come here: it
 * has its own stub (isr.asm) and C half (kernel/syscall.c).
 */
#include "arch/i386/trap.h"
#include "arch/i386/cpu.h"
#include "arch/i386/pic.h"
#include "arch/i386/trap_fixup.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/task/user_return.h"
#include "kernel/task/vtime.h"
#include "mm/slab_debug.h"

static trap_handler_t handlers[TRAP_VECTORS];

static const char *const exception_names[32] = {
	"divide error",		  "debug",
	"NMI",			  "breakpoint",
	"overflow",		  "BOUND range exceeded",
	"invalid opcode",	  "device not available",
	"double fault",		  "coprocessor segment overrun",
	"invalid TSS",		  "segment not present",
	"stack-segment fault",	  "general protection fault",
	"page fault",		  "reserved (15)",
	"x87 floating-point",	  "alignment check",
	"machine check",	  "SIMD floating-point",
	"virtualization",	  "control protection",
	"reserved (22)",	  "reserved (23)",
	"reserved (24)",	  "reserved (25)",
	"reserved (26)",	  "reserved (27)",
	"hypervisor injection",	  "VMM communication",
	"security exception",	  "reserved (31)",
};

const char *trap_name(unsigned vector)
{
	if (vector < 32)
		return exception_names[vector];
	if (vector >= TRAP_IRQ_BASE && vector < TRAP_IRQ_BASE + IRQ_COUNT)
		return "IRQ";
	if (vector == TRAP_SYSCALL)
		return "system call";
	return "unexpected vector";
}

void trap_set_handler(unsigned vector, trap_handler_t handler)
{
	if (vector < TRAP_VECTORS)
		handlers[vector] = handler;
}

void trap_dump_frame(const struct trap_frame *tf)
{
	kprintf("  eax=%08x ebx=%08x ecx=%08x edx=%08x\n", tf->eax, tf->ebx, tf->ecx, tf->edx);
	kprintf("  esi=%08x edi=%08x ebp=%08x esp=%08x\n", tf->esi, tf->edi, tf->ebp,
		trap_from_user(tf) ? tf->user_esp : (u32)&tf->user_esp);
	kprintf("  eip=%08x cs=%04x eflags=%08x ds=%04x es=%04x\n", tf->eip, tf->cs, tf->eflags,
		tf->ds, tf->es);
	if (tf->vector == TRAP_PAGE_FAULT)
		kprintf("  cr2=%08x (%s, %s, %s mode)\n", read_cr2(),
			tf->error_code & 1 ? "protection violation" : "page not present",
			tf->error_code & 2 ? "write" : "read", tf->error_code & 4 ? "user" : "kernel");
}

/* With slub_debug, what the registers say of freed objects (a use after
 * free); nothing otherwise. */
static __attribute__((noinline, cold)) void trap_explain_frame(const struct trap_frame *tf)
{
	if (tf->vector == TRAP_PAGE_FAULT)
		slab_debug_explain("cr2", read_cr2());
	slab_debug_explain("eax", tf->eax);
	slab_debug_explain("ebx", tf->ebx);
	slab_debug_explain("ecx", tf->ecx);
	slab_debug_explain("edx", tf->edx);
	slab_debug_explain("esi", tf->esi);
	slab_debug_explain("edi", tf->edi);
	slab_debug_explain("ebp", tf->ebp);
}

void trap_dispatch(struct trap_frame *tf)
{
	unsigned vector = tf->vector;

	if (trap_from_user(tf))
		vtime_user_exit(current);
	if (vector >= TRAP_IRQ_BASE && vector < TRAP_IRQ_BASE + IRQ_COUNT) {
		irq_dispatch(tf);
	} else if (handlers[vector]) {
		handlers[vector](tf);
	} else if (vector < 32 && trap_from_user(tf) && task_user_fault(tf)) {
		/* handled: the task got its signal */
	} else if (vector < 32 && trap_fixup(tf)) {
		/* a listed instruction (the way back to ring 3, a probe): fixed up */
	} else {
		kprintf("\nPANIC: unhandled %s (vector %u, error code %#x) in %s mode\n",
			trap_name(vector), vector, tf->error_code, trap_from_user(tf) ? "user" : "kernel");
		trap_dump_frame(tf);
		trap_explain_frame(tf);
		panic_backtrace(tf->ebp, tf->eip);
		panic_halt();
	}
	if (trap_from_user(tf)) {
		cpu_cli();
		if (user_return_work(current, tf))
			sched_return_to_user(tf);
		else
			current->user_frame = tf;
		vtime_user_enter(current);
	}
}
