/*
 * Delivery: what a pending signal does to the task on its way back to
 * ring 3.  sched_return_to_user calls signal_deliver(tf) with interrupts off,
 * after any reschedule, with tf the task's user registers.
 *
 * For each deliverable signal, lowest first (kernel/signal/signal.c decides the
 * order), the action runs: a default action (terminate, stop, ignore) here,
 * or a handler, for which a frame is pushed on the user stack and tf is
 * pointed at the handler.  Several handlers may be stacked in one pass; the
 * last one pushed runs first, as on Linux.  When a handler returns, its
 * restorer calls rt_sigreturn, which puts the saved registers and mask back.
 *
 * System-call restart.  A call that sleeps and is ended by a signal returns
 * one of the kernel-internal codes below; they never reach a program:
 *
 *   -ERESTARTSYS     restart if no handler runs or the handler has SA_RESTART,
 *                    else -EINTR;
 *   -ERESTARTNOHAND  restart only if no handler runs, else -EINTR
 *                    (pause, sigsuspend);
 *   -ERESTARTNOINTR  always restart;
 *   -ERESTART_RESTARTBLOCK  -EINTR if a handler runs; else the call
 *                    becomes restart_syscall (nr 0), which goes on with
 *                    what the call left in current->restart (a relative
 *                    sleep: the same deadline, not the whole time again).
 *
 * To restart, eax gets the call's number back (saved by the int 0x80 stub
 * in tf->error_code), or __NR_restart_syscall, and eip goes back over the
 * 2-byte `int $0x80`.
 */
#include "kernel/signal/signal.h"
#include "arch/i386/sigframe.h"
#include "fs/coredump.h"
#include "arch/i386/trap.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include <abi/errno.h>
#include "kernel/trace.h"
#include <abi/syscall.h>

#define ORIG_EAX_NONE 0xffffffffu

/* act: the handler about to run, or NULL if none runs. */
void signal_syscall_restart(struct trap_frame *tf, const struct abi_sigaction *act)
{
	if (tf->vector != TRAP_SYSCALL || tf->error_code == ORIG_EAX_NONE)
		return;
	switch ((s32)tf->eax) {
	case -ERESTART_RESTARTBLOCK:
		if (act) {
			tf->eax = (u32)-EINTR;
		} else {
			tf->eax = __NR_restart_syscall;
			tf->eip -= 2;
		}
		break;
	case -ERESTARTNOHAND:
		if (act)
			tf->eax = (u32)-EINTR;
		else
			goto restart;
		break;
	case -ERESTARTSYS:
		if (act && !(act->flags & SA_RESTART))
			tf->eax = (u32)-EINTR;
		else
			goto restart;
		break;
	case -ERESTARTNOINTR:
	restart:
		tf->eax = tf->error_code;
		tf->eip -= 2;
		break;
	default:
		return;
	}
	tf->error_code = ORIG_EAX_NONE; /* decided once */
}

/*
 * The default stop action, taken by the thread that dequeued the stop
 * signal: the whole process stops (every thread, at its next return to
 * user mode: signal_deliver) until SIGCONT (sent by another process) or
 * SIGKILL; the parent is told of the stop and of the continue.
 * signal_pending() sees nothing else while stopped, so sched_sleep really
 * sleeps.
 */
static bool kill_pending(struct task *t)
{
	return fatal_signal_pending(t) || (signal_pending_set(t) & ABI_SIGMASK(SIGKILL));
}

static void stop_wait(struct task *t)
{
	while (t->leader->signal.stopped && !kill_pending(t))
		sched_sleep(KTIMER_MONOTONIC, KTIME_MAX);
}

static void signal_stop(struct task *t, int signo)
{
	struct task *leader = t->leader, *th;

	leader->signal.stopped = true;
	list_for_each_entry(th, &leader->threads, thread_node)
		if (th != t)
			task_wake(th); /* they stop on their way back to user mode */
	process_stop_notify(leader, signo); /* the parent: SIGCHLD, wait4 WUNTRACED */
	stop_wait(t);
	if (!kill_pending(t))
		process_stop_notify(leader, 0); /* continued: SIGCHLD, wait4 WCONTINUED */
	leader->signal.stopped = false;
}

/* Whether sp lies in the alternate stack (Linux's __on_sig_stack): above
 * its base, at most at its top. */
static bool within_altstack(const stack_t *ss, u32 sp)
{
	u32 base = (u32)ss->ss_sp;

	return ss->ss_size && sp > base && sp - base <= ss->ss_size;
}

/*
 * Whether sp is on the alternate stack.  Never with SS_AUTODISARM, as in
 * Linux's on_sig_stack: such a stack is disarmed while a handler runs on it,
 * so a program can only be "on" it by having set it from there; a stack
 * pointer gone astray near its end then still gets its signals.
 */
static bool on_altstack(const stack_t *ss, u32 sp)
{
	if ((u32)ss->ss_flags & SS_AUTODISARM)
		return false;
	return within_altstack(ss, sp);
}

/* sigaltstack's mode as a program at stack pointer sp sees it (without
 * the flag bits: the caller adds SS_AUTODISARM where it reports it). */
u32 signal_altstack_flags(const struct task *t, u32 sp)
{
	const stack_t *ss = &t->signal.altstack;

	if (!ss->ss_size)
		return SS_DISABLE;
	return on_altstack(ss, sp) ? SS_ONSTACK : 0;
}

/* Push the frame of a handler; false if the user stack cannot take it. */
static bool run_handler(struct task *t, struct trap_frame *tf, int signo, const siginfo_t *info,
			struct abi_sigaction *act)
{
	struct signal_state *st = &t->signal;
	abi_sigset_t oldmask = st->restore_mask ? st->saved_mask : st->blocked;
	stack_t altstack = st->altstack;
	u32 sp = tf->user_esp, frame;
	bool on_alt;

	altstack.ss_flags = (int)signal_altstack_flags(t, sp);
	on_alt = altstack.ss_flags == SS_ONSTACK; /* nested: a handler runs on it */
	if ((act->flags & SA_ONSTACK) && altstack.ss_flags == 0) {
		sp = (u32)st->altstack.ss_sp + st->altstack.ss_size;
		on_alt = true; /* entering it */
	}
	altstack.ss_flags |= (int)((u32)st->altstack.ss_flags & SS_FLAG_BITS);
	frame = sigframe_place(sp);
	/*
	 * A frame on the alternate stack stays on it, as Linux's get_sigframe:
	 * one that would reach below it would overwrite what lies there, and
	 * the next signal, no longer "on" the stack, would start again at its
	 * top over the live frames.  The task gets SIGSEGV instead (the
	 * caller's force_sigsegv).  The frame's lowest byte must lie in it
	 * (base, base + size]; its x87 area and padding are above.
	 */
	if (on_alt && !within_altstack(&st->altstack, frame))
		return false;
	signal_syscall_restart(tf, act);
	if (sigframe_setup(tf, frame, signo, info, act, oldmask, &altstack))
		return false;
	if ((u32)st->altstack.ss_flags & SS_AUTODISARM) {
		/* Disarmed while the handler runs; uc_stack keeps it for rt_sigreturn. */
		st->altstack.ss_sp = NULL;
		st->altstack.ss_size = 0;
		st->altstack.ss_flags = SS_DISABLE;
	}
	st->restore_mask = false;
	st->blocked |= act->mask;
	if (!(act->flags & SA_NODEFER))
		st->blocked |= ABI_SIGMASK(signo);
	st->blocked &= ~SIGNAL_UNBLOCKABLE;
	if (act->flags & SA_RESETHAND) {
		act->handler = SIG_DFL;
		act->flags &= ~SA_SIGINFO;
	}
	return true;
}

void signal_deliver(struct trap_frame *tf)
{
	struct task *t = current;
	struct signal_state *st;
	bool handled = false;
	siginfo_t info;
	int signo;

	if (!t || !t->user || !trap_from_user(tf))
		return;
	st = &t->signal;
	stop_wait(t); /* another thread stopped the process */
	while ((signo = signal_dequeue(t, ~st->blocked, &info)) != 0) {
		struct abi_sigaction *act = &t->leader->signal.action[signo - 1];

		if (act->handler == SIG_IGN)
			continue;
		if (signal_init_drops(t, signo))
			continue; /* queued while blocked; init takes no default action */
		if (act->handler == SIG_DFL) {
			switch (signal_default_action(signo)) {
			case SIGNAL_DEFAULT_IGNORE:
			case SIGNAL_DEFAULT_CONTINUE:
				continue;
			case SIGNAL_DEFAULT_STOP:
				signal_stop(t, signo);
				continue;
			case SIGNAL_DEFAULT_CORE:
				/* unless another thread already ends the process:
				 * the core file, then the wait status's core flag
				 * (0x80, CLD_DUMPED) and every thread ends */
				if (!t->leader->group_exit && coredump_write(signo, tf))
					task_exit_group(TASK_WSTATUS_SIGNAL(signo) | 0x80);
				/* fallthrough */
			case SIGNAL_DEFAULT_TERMINATE:
				task_kill(t, signo); /* does not return for current */
				return;
			}
		}
		if (!run_handler(t, tf, signo, &info, act)) {
			/*
			 * No room for the frame: SIGSEGV (Linux's force_sigsegv).
			 * If SIGSEGV's own frame failed, nothing can run: die.
			 */
			if (signo == SIGSEGV)
				task_kill(t, SIGSEGV);
			signal_force(t, SIGSEGV, SI_KERNEL, 0);
			continue;
		}
		trace_signal(TRACE_SIGNAL_DELIVERED, t->pid, &info);
		handled = true;
	}
	if (!handled) {
		signal_syscall_restart(tf, NULL);
		if (st->restore_mask) {
			st->blocked = st->saved_mask;
			st->restore_mask = false;
		}
	}
}
