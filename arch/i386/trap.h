/*
 * Traps: every exception, IRQ and system call enters through one stub
 * (arch/i386/isr.asm) that saves the registers as a struct trap_frame on the
 * kernel stack and calls trap_dispatch().  The frame is the task's user
 * state while it is in the kernel: system calls read their arguments from it
 * and write their result into eax; signal delivery rewrites eip/esp.
 */
#ifndef TICK386_ARCH_TRAP_H
#define TICK386_ARCH_TRAP_H

#include "lib/types.h"

struct trap_frame {
	/* Pushed by the common stub, last pushed first. */
	u32 gs, fs, es, ds;
	u32 edi, esi, ebp, esp_at_pusha, ebx, edx, ecx, eax; /* pushal */
	/* Pushed by the vector's own stub. */
	u32 vector;
	/*
	 * The CPU's, or 0 for vectors without one.  For int 0x80: eax as it
	 * was at entry (the call's number, Linux's orig_eax; kernel/syscall.c
	 * stores it), so that a call can be restarted after a signal; -1 once
	 * that is no longer wanted.
	 */
	u32 error_code;
	/* Pushed by the CPU. */
	u32 eip, cs, eflags;
	/* Pushed by the CPU only when the trap came from ring 3. */
	u32 user_esp, user_ss;
};

#define TRAP_BREAKPOINT 3
#define TRAP_OVERFLOW 4
#define TRAP_MATH_FAULT 16
#define TRAP_PAGE_FAULT 14
#define TRAP_IRQ_BASE 0x20
#define TRAP_SYSCALL 0x80
#define TRAP_VECTORS 256

static inline int trap_from_user(const struct trap_frame *tf)
{
	return (tf->cs & 3) == 3;
}

typedef void (*trap_handler_t)(struct trap_frame *tf);

/* Install the handler of one vector (an exception or int 0x80). */
void trap_set_handler(unsigned vector, trap_handler_t handler);

void trap_dispatch(struct trap_frame *tf);
void trap_dump_frame(const struct trap_frame *tf);
const char *trap_name(unsigned vector);

#endif
