/* The int 0x80 entry: from the trap frame to the table and back (see syscall.h). */
#include "kernel/syscall.h"
#include "arch/i386/cpu.h"
#include "arch/i386/trap.h"
#include "kernel/task/task.h"
#include "kernel/task/user_return.h"
#include "kernel/task/vtime.h"
#include "lib/compiler.h"
#include <abi/errno.h>
#include <stddef.h>

long syscall_invoke(u32 nr, u32 a1, u32 a2, u32 a3, u32 a4, u32 a5, u32 a6)
{
	if (nr >= NR_SYSCALLS || !syscall_table[nr])
		return -ENOSYS;
	return syscall_table[nr](a1, a2, a3, a4, a5, a6);
}

/*
 * fn(ebx, ecx, edx, esi, edi, ebp) of the frame.  gcc would load each
 * argument into a register and store it to the stack (twelve instructions
 * for i686); `push` from memory is one each.  The callee saves ebx, esi,
 * edi and ebp (cdecl), so tf stays in its register.
 */
static inline long syscall_call(syscall_fn_t fn, const struct trap_frame *tf)
{
	long ret;

	__asm__ volatile(
	    "pushl %c[a6](%[tf])\n\t"
	    "pushl %c[a5](%[tf])\n\t"
	    "pushl %c[a4](%[tf])\n\t"
	    "pushl %c[a3](%[tf])\n\t"
	    "pushl %c[a2](%[tf])\n\t"
	    "pushl %c[a1](%[tf])\n\t"
	    "call *%[fn]\n\t"
	    "addl $24, %%esp"
	    : "=a"(ret)
	    :
	    [fn] "a"(fn), [tf] "r"(tf), [a1] "i"(offsetof(struct trap_frame, ebx)),
	    [a2] "i"(offsetof(struct trap_frame, ecx)), [a3] "i"(offsetof(struct trap_frame, edx)),
	    [a4] "i"(offsetof(struct trap_frame, esi)), [a5] "i"(offsetof(struct trap_frame, edi)),
	    [a6] "i"(offsetof(struct trap_frame, ebp))
	    : "ecx", "edx", "memory", "cc");
	return ret;
}

/*
 * From arch/i386/isr.asm's syscall_stub, which has already put the number
 * in tf->error_code too (for the signal code's restart: eax is overwritten
 * by the result).  The way back to ring 3 is the stub's; the scheduler and
 * the signal code are asked only when they have work (user_return.h).
 */
__attribute__((regparm(1))) void syscall_entry(struct trap_frame *tf)
{
	u32 nr = tf->eax;
	syscall_fn_t fn;

	vtime_user_exit(current);
	current->user_frame = tf;
	current->syscall_seq++; /* a new stretch in the kernel (kernel/softlockup.h) */
	if (likely(nr < NR_SYSCALLS && (fn = syscall_table[nr]) != NULL))
		tf->eax = (u32)syscall_call(fn, tf);
	else
		tf->eax = (u32)-ENOSYS;
	cpu_cli();
	if (unlikely(user_return_work(current, tf)))
		sched_return_to_user(tf);
	vtime_user_enter(current);
}
