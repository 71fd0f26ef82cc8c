/*
 * The way back to ring 3, its first test: whether sched_return_to_user has
 * anything to do.  Linux keeps work flags in the thread (TIF_SIGPENDING,
 * TIF_NEED_RESCHED) for this; here the test reads the state itself, which
 * costs a few loads and needs nothing kept in step by the senders.
 *
 * False only when sched_return_to_user would do nothing: no reschedule
 * asked, the thread not being killed, no signal pending that it does not
 * block (its own or its process's), no mask for rt_sigsuspend or pselect
 * to put back, its process not stopped, and eax not one of the -ERESTART*
 * codes (a system call asking to be
 * restarted; for an interrupt's frame eax is the program's, and such a
 * value only costs the slow way).  Both ways back from ring 3 (kernel/
 * syscall.c's syscall_entry, arch/i386/trap.c's trap_dispatch) take it,
 * interrupts off: keep it in step with sched_return_to_user and
 * signal_deliver, which look at the same fields.
 *
 * Saved: 126 of getpid's 228 guest instructions were that slow way with
 * nothing to do (make profile-path PATH_NAME=getpid).
 */
#ifndef TICK386_KERNEL_TASK_USER_RETURN_H
#define TICK386_KERNEL_TASK_USER_RETURN_H

#include "arch/i386/trap.h"
#include "kernel/signal/signal.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include <abi/errno.h>

static inline bool user_return_work(const struct task *t, const struct trap_frame *tf)
{
	const struct signal_state *st = &t->signal, *ps = &t->leader->signal;
	/* in 32-bit halves (gcc's 64-bit form spilled registers), and mostly
	 * nothing is pending at all: the mask is then not read */
	const u32 *mine = (const u32 *)&st->pending.set, *proc = (const u32 *)&ps->shared.set;
	const u32 *blocked = (const u32 *)&st->blocked;
	u32 lo = mine[0] | proc[0], hi = mine[1] | proc[1];

	return sched_need_resched || t->kill_signo ||
	       ((lo | hi) && ((lo & ~blocked[0]) | (hi & ~blocked[1]))) || st->restore_mask ||
	       ps->stopped ||
	       tf->eax + (u32)ERESTART_RESTARTBLOCK <= (u32)(ERESTART_RESTARTBLOCK - ERESTARTSYS);
}

#endif
