/*
 * The signal system calls.  Each one checks its arguments in the order
 * Linux does, so that a program sees the same errno, and changes nothing
 * when it fails: output pointers are checked (user_range_ok) before the
 * state changes, where Linux would change the state and then fail with
 * -EFAULT.
 */
#include "kernel/signal/signal.h"
#include "arch/i386/cpu.h"
#include "arch/i386/sigframe.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "mm/uaccess.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/time.h>

#include "kernel/time/clock.h"
#include "kernel/time/time_user.h"

/* not NSEC_PER_SEC: lib/ktime.h, reached through kernel/time/ktimer.h, has it unsigned */
#define SIG_NSEC_PER_SEC 1000000000L

/* A process that may receive a signal from a program: a live user process
 * that has a thread of this id (any thread's id names its process, as on
 * Linux).  Returns its leader. */
static struct task *signal_target(int pid)
{
	struct task *t = task_find_process(pid);

	if (!t || !t->user)
		return NULL;
	return t;
}

/* A live user thread of this id. */
static struct task *thread_target(int tid)
{
	struct task *t = task_find(tid);

	if (!t || !t->user || t->state == TASK_ZOMBIE)
		return NULL;
	return t;
}

static void info_from_sender(siginfo_t *info, int signo, int code)
{
	memset(info, 0, sizeof(*info));
	info->si_signo = signo;
	info->si_code = code;
	info->si_pid = current->tgid;
	info->si_uid = (int)task_cred(current)->uid; /* the sender's real uid */
}

/*
 * kill: pid > 0 names a process; 0, -1 and -N name a set of them
 * (kernel/task/process.c).  Signal 0 only checks that the target exists.
 * A missing target is reported before a bad signal number (the Linux
 * host's order).
 */
long sys_kill(int pid, int signo)
{
	struct task *t;
	siginfo_t info;
	bool zombie;

	info_from_sender(&info, signo, SI_USER);
	if (pid == (int)0x80000000) /* no group is -INT_MIN */
		return -ESRCH;
	if (pid <= 0)
		return process_kill_many(pid, signo, &info);
	t = signal_target(pid);
	zombie = !t;
	if (zombie)
		t = task_find_zombie_process(pid);
	if (!t)
		return -ESRCH; /* before the signal number, as Linux checks */
	if (signo < 0 || signo > ABI_NSIG)
		return -EINVAL;
	if (cred_kill_permission(t, signo))
		return -EPERM; /* a zombie's ids are checked too, as Linux's */
	if (zombie)
		return 0; /* a zombie takes it and drops it, as Linux's */
	if (signo == 0)
		return 0;
	return signal_send(t, signo, &info);
}

/* tgkill (tgid > 0) and tkill (tgid 0): one thread, which only takes it. */
static long thread_kill(int tgid, int tid, int signo)
{
	struct task *t;
	siginfo_t info;

	t = thread_target(tid);
	if (!t || (tgid && t->tgid != tgid))
		return -ESRCH;
	if (signo < 0 || signo > ABI_NSIG)
		return -EINVAL;
	if (cred_kill_permission(t, signo))
		return -EPERM;
	if (signo == 0)
		return 0;
	info_from_sender(&info, signo, SI_TKILL);
	return signal_send_thread(t, signo, &info);
}

long sys_tkill(int tid, int signo)
{
	if (tid <= 0)
		return -EINVAL;
	return thread_kill(0, tid, signo);
}

long sys_tgkill(int tgid, int tid, int signo)
{
	if (tgid <= 0 || tid <= 0)
		return -EINVAL;
	return thread_kill(tgid, tid, signo);
}

/*
 * sigqueue's kernel side, to a process (tid 0) or to one thread of it
 * (rt_tgsigqueueinfo, pthread_sigqueue), with Linux's checks in its order.
 */
static long queue_info(int pid, int tid, int signo, const siginfo_t __user *uinfo)
{
	struct task *t;
	siginfo_t info;

	if (copy_from_user(&info, uinfo, sizeof(info)))
		return -EFAULT;
	/* Not even a root program may pretend to be the kernel or kill(). */
	if ((info.si_code >= 0 || info.si_code == SI_TKILL) && pid != current->tgid)
		return -EPERM;
	if (tid) {
		t = thread_target(tid);
		if (t && t->tgid != pid)
			t = NULL;
	} else {
		t = pid > 0 ? signal_target(pid) : NULL;
	}
	if (!t)
		return -ESRCH;
	if (signo < 0 || signo > ABI_NSIG)
		return -EINVAL;
	if (cred_kill_permission(t, signo))
		return -EPERM;
	if (signo == 0)
		return 0;
	info.si_signo = signo;
	return tid ? signal_send_thread(t, signo, &info) : signal_send(t, signo, &info);
}

long sys_rt_sigqueueinfo(int pid, int signo, const siginfo_t __user *uinfo)
{
	return queue_info(pid, 0, signo, uinfo);
}

long sys_rt_tgsigqueueinfo(int tgid, int tid, int signo, const siginfo_t __user *uinfo)
{
	if (tgid <= 0 || tid <= 0)
		return -EINVAL;
	return queue_info(tgid, tid, signo, uinfo);
}

long sys_rt_sigaction(int signo, const struct abi_sigaction __user *uact,
		      struct abi_sigaction __user *uoact, u32 sigsetsize)
{
	struct abi_sigaction act, oact;
	int ret;

	if (sigsetsize != ABI_SIGSET_SIZE)
		return -EINVAL;
	if (uact && copy_from_user(&act, uact, sizeof(act)))
		return -EFAULT;
	if (uoact && !user_range_ok(uoact, sizeof(oact), true))
		return -EFAULT;
	ret = signal_set_action(current, signo, uact ? &act : NULL, &oact);
	if (ret)
		return ret;
	if (uoact && copy_to_user(uoact, &oact, sizeof(oact)))
		return -EFAULT;
	return 0;
}

long sys_rt_sigprocmask(int how, const abi_sigset_t __user *uset, abi_sigset_t __user *uoset,
			u32 sigsetsize)
{
	abi_sigset_t set, old;
	int ret;

	if (sigsetsize != ABI_SIGSET_SIZE)
		return -EINVAL;
	if (uset && copy_from_user(&set, uset, sizeof(set)))
		return -EFAULT;
	/* Linux's order: a bad `how` (with a set) before the old set's pointer */
	if (uset && how != SIG_BLOCK && how != SIG_UNBLOCK && how != SIG_SETMASK)
		return -EINVAL;
	if (uoset && !user_range_ok(uoset, sizeof(old), true))
		return -EFAULT;
	ret = signal_set_mask(current, how, uset ? &set : NULL, &old);
	if (ret)
		return ret;
	if (uoset && copy_to_user(uoset, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}

/* Linux accepts any size up to 8 here and copies that many bytes. */
long sys_rt_sigpending(abi_sigset_t __user *uset, u32 sigsetsize)
{
	struct signal_state *st = &current->signal;
	abi_sigset_t set;

	if (sigsetsize > ABI_SIGSET_SIZE)
		return -EINVAL;
	set = signal_pending_set(current) & st->blocked;
	if (copy_to_user(uset, &set, sigsetsize))
		return -EFAULT;
	return 0;
}

/*
 * rt_sigtimedwait: take one of `set` from the queue, sleeping until one
 * comes or the timeout (relative, CLOCK_MONOTONIC) passes.  The waited
 * signals wake the task although they stay blocked (signal_state.waiting),
 * so none of them reaches a handler meanwhile.  A handled signal outside
 * the set ends the wait with -EINTR (never restarted, as on Linux).
 */
static long sigtimedwait_common(const abi_sigset_t __user *uset, siginfo_t __user *uinfo,
				const void __user *utimeout, u32 sigsetsize, bool wide)
{
	struct task *t = current;
	struct signal_state *st = &t->signal;
	abi_sigset_t which;
	u64 deadline = KTIME_MAX, timeout = 0;
	siginfo_t info;
	int signo = 0, ret = 0;
	u32 flags;

	if (sigsetsize != ABI_SIGSET_SIZE)
		return -EINVAL;
	if (copy_from_user(&which, uset, sizeof(which)))
		return -EFAULT;
	which &= ~SIGNAL_UNBLOCKABLE;
	/*
	 * A signal that is not blocked and whose default action ends the
	 * process ends it when it comes, waited for or not (Linux's
	 * complete_signal): it is not taken here.  Only the unblocked ones
	 * are looked at, one set bit at a time: a waiter mostly blocks what it
	 * waits for, and a walk over all 64 signals cost every call about
	 * 1,700 instructions (kbench's context switch row).
	 */
	for (abi_sigset_t open = which & ~st->blocked; open; open &= open - 1) {
		int s = __builtin_ctzll(open) + 1;

		if (t->leader->signal.action[s - 1].handler == SIG_DFL &&
		    signal_default_action(s) == SIGNAL_DEFAULT_TERMINATE)
			which &= ~ABI_SIGMASK(s);
	}
	if (utimeout && (ret = get_user_ktime(utimeout, wide, &timeout)))
		return ret;
	flags = irq_save();
	if (utimeout) /* zero: a poll */
		deadline = timeout ? ktime_add_sat(clock_monotonic_ns(), timeout) : 0;
	for (;;) {
		if (signal_pending_set(t) & which) {
			/*
			 * Linux takes the signal and then fails to write it out:
			 * lost.  Here a signal that cannot be written out is not
			 * taken.  With none to take, the pointer is not looked at
			 * (EAGAIN, EINTR), as on Linux.
			 */
			if (uinfo && !user_range_ok(uinfo, sizeof(info), true))
				ret = -EFAULT;
			else
				signo = signal_dequeue(t, which, &info);
			break;
		}
		if (deadline == 0 || ret == -ETIMEDOUT) {
			ret = -EAGAIN;
			break;
		}
		if (ret == -EINTR)
			break;
		st->waiting = which;
		ret = sched_sleep(KTIMER_MONOTONIC, deadline);
		st->waiting = 0;
	}
	irq_restore(flags);
	if (!signo)
		return ret;
	if (uinfo && copy_to_user(uinfo, &info, sizeof(info)))
		return -EFAULT;
	return signo;
}

long sys_rt_sigtimedwait(const abi_sigset_t __user *uset, siginfo_t __user *uinfo,
			 const void __user *utimeout, u32 sigsetsize)
{
	return sigtimedwait_common(uset, uinfo, utimeout, sigsetsize, false);
}

/* 421: the timeout a 64-bit struct __kernel_timespec (Linux 5.1). */
long sys_rt_sigtimedwait_time64(const abi_sigset_t __user *uset, siginfo_t __user *uinfo,
				const void __user *utimeout, u32 sigsetsize)
{
	return sigtimedwait_common(uset, uinfo, utimeout, sigsetsize, true);
}

/*
 * rt_sigsuspend: replace the mask, sleep until a signal is deliverable.
 * The old mask is kept in signal_state.saved_mask: the handler's frame saves
 * it (so rt_sigreturn restores it), or signal_deliver puts it back when no
 * handler runs, and the call restarts (-ERESTARTNOHAND).
 */
long sys_rt_sigsuspend(const abi_sigset_t __user *umask, u32 sigsetsize)
{
	struct task *t = current;
	struct signal_state *st = &t->signal;
	abi_sigset_t mask;
	u32 flags;

	if (sigsetsize != ABI_SIGSET_SIZE)
		return -EINVAL;
	if (copy_from_user(&mask, umask, sizeof(mask)))
		return -EFAULT;
	flags = irq_save();
	st->saved_mask = st->blocked;
	st->restore_mask = true;
	st->blocked = mask & ~SIGNAL_UNBLOCKABLE;
	while (sched_sleep(KTIMER_MONOTONIC, KTIME_MAX) != -EINTR)
		;
	irq_restore(flags);
	return -ERESTARTNOHAND;
}

/*
 * Set t's alternate stack to *ss, the program being at stack pointer sp:
 * Linux's do_sigaltstack.  Refused while running on the current one
 * (-EPERM), for a mode other than 0, SS_ONSTACK or SS_DISABLE (-EINVAL) and
 * when smaller than MINSIGSTKSZ (-ENOMEM).  The flags are kept as given,
 * SS_AUTODISARM with them.
 */
static int altstack_set(struct task *t, stack_t ss, u32 sp)
{
	stack_t *cur = &t->signal.altstack;
	int mode = (int)((u32)ss.ss_flags & ~SS_FLAG_BITS);

	if (signal_altstack_flags(t, sp) == SS_ONSTACK)
		return -EPERM;
	if (mode != 0 && mode != SS_ONSTACK && mode != SS_DISABLE)
		return -EINVAL;
	if (mode == SS_DISABLE) {
		ss.ss_sp = NULL;
		ss.ss_size = 0;
	} else if (ss.ss_size < MINSIGSTKSZ) {
		return -ENOMEM;
	}
	*cur = ss;
	return 0;
}

/*
 * restart_syscall: go on with the call a stop interrupted (current->restart,
 * filled by the call when it returned -ERESTART_RESTARTBLOCK).  The block is
 * used once; without one (a program calling 0 itself, or after a handler
 * ran) there is nothing to go on with: -EINTR, as Linux's
 * do_no_restart_syscall.
 */
long sys_restart_syscall(void)
{
	struct restart_block *rb = &current->restart;
	long (*fn)(struct restart_block *) = rb->fn;

	rb->fn = NULL;
	return fn ? fn(rb) : -EINTR;
}

/*
 * rt_sigreturn: the handler's restorer lands here with esp just above the
 * popped pretcode.  A frame that cannot be read is the program's fault:
 * SIGSEGV, and the registers stay as they are.  Forged selectors are taken
 * (sigframe_restore_regs) and refused by the way back to ring 3, which
 * turns them into SIGSEGV or null (arch/i386/trap_fixup.c), as on Linux.
 */
long sys_rt_sigreturn(void)
{
	struct task *t = current;
	struct trap_frame *tf = t->user_frame;
	abi_sigset_t mask;
	stack_t altstack;
	u32 flags;

	tf->error_code = 0xffffffffu; /* whatever eax holds now, no restart */
	t->restart.fn = NULL;	      /* the interrupted call ended with EINTR */
	if (sigframe_return(tf, &mask, &altstack)) {
		signal_force(t, SIGSEGV, SI_KERNEL, 0);
		return (long)tf->eax;
	}
	/*
	 * The alternate stack as the frame saved it (an SS_AUTODISARM stack
	 * comes back armed).  As Linux's restore_altstack, a stack it may not
	 * set now (the program resumes on the current one) is left as it is.
	 */
	(void)altstack_set(t, altstack, tf->user_esp);
	(void)flags;
	signal_set_mask(t, SIG_SETMASK, &mask, NULL);
	return (long)tf->eax;
}

/* sigaltstack: the old stack is reported first, its mode as seen from the
 * caller's stack pointer plus the flag bits it was set with. */
long sys_sigaltstack(const stack_t __user *uss, stack_t __user *uoss)
{
	struct task *t = current;
	stack_t *cur = &t->signal.altstack;
	u32 sp = t->user_frame->user_esp;
	stack_t ss, old;
	int rc;

	if (uss && copy_from_user(&ss, uss, sizeof(ss)))
		return -EFAULT;
	if (uoss && !user_range_ok(uoss, sizeof(old), true))
		return -EFAULT;
	old = *cur;
	old.ss_flags = (int)(signal_altstack_flags(t, sp) | ((u32)cur->ss_flags & SS_FLAG_BITS));
	if (uss) {
		rc = altstack_set(t, ss, sp);
		if (rc)
			return rc;
	}
	if (uoss && copy_to_user(uoss, &old, sizeof(old)))
		return -EFAULT;
	return 0;
}
