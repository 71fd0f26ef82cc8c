/*
 * Processes: fork, wait4, process groups and sessions, and what a parent
 * learns of its children.  A process is its group leader (task.h): these
 * walks look at leaders only, and a leader is a reportable zombie only once
 * every thread of its group has ended (nr_threads 0).
 *
 * The family is kept in the tasks themselves: ppid, pgid and sid are pids,
 * and every walk goes over the list of tasks not yet reaped (task_first),
 * with interrupts off.  Invariants:
 *  - a task's parent is alive (not a zombie) or is kmain (ppid 0): exit
 *    hands the children of the exiting task to init (pid 1), or to kmain
 *    when init itself exits;
 *  - a zombie stays until its parent reaps it with wait4, except when the
 *    parent said it will not wait (SIGCHLD ignored, or SA_NOCLDWAIT): then
 *    it is left to the reaper (autoreap), kmain's loop in task_init.c, and
 *    is nobody's child any more (ppid 0), as a zombie of kmain's own is;
 *  - stop_report / cont_report hold the one stop or continue that wait4
 *    has not yet reported; a new stop replaces an unreported continue and
 *    the other way round, as Linux keeps one exit_code.
 */
#include "arch/i386/cpu.h"
#include "kernel/signal/signal.h"
#include "kernel/syscall.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include "kernel/time/clock.h"
#include "mm/uaccess.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/resource.h>
#include <abi/signal.h>
#include <abi/time.h>
#include <abi/wait.h>

#define INIT_PID 1

/* --- fork ------------------------------------------------------------------- */

long sys_fork(void)
{
	int err = 0;
	struct task *child = task_fork(&err);

	return child ? child->pid : err;
}

/* --- what the parent learns ------------------------------------------------- */

static clock_t to_clock_ticks(u64 ns)
{
	return (clock_t)(ns / (1000000000ull / ABI_USER_HZ));
}

static const struct abi_sigaction *sigchld_action(const struct task *parent)
{
	return &parent->signal.action[SIGCHLD - 1];
}

/* SIGCHLD to the parent of t, with code and status (interrupts off). */
static void tell_parent(struct task *t, struct task *parent, int code, int status)
{
	siginfo_t info;
	u64 cpu, user;

	memset(&info, 0, sizeof(info));
	info.si_signo = SIGCHLD;
	info.si_code = code;
	info.si_pid = t->pid;
	info.si_uid = (int)task_cred(t)->uid; /* the child's real uid */
	info.si_status = status;
	cpu = task_process_cpu_ns_split(t, &user);
	info.si_utime = to_clock_ticks(user);
	info.si_stime = to_clock_ticks(cpu - user);
	signal_send(parent, SIGCHLD, &info);
}

void process_exit_notify(struct task *t)
{
	int heir = t->pid == INIT_PID ? 0 : INIT_PID;
	struct task *parent = t->ppid ? task_find_process(t->ppid) : NULL;
	struct task *c;

	/* The orphans go to init; zombies among them are init's to reap now. */
	for (c = task_first(); c; c = c->all_next) {
		if (c->leader != c || c->ppid != t->pid || c == t)
			continue;
		c->ppid = heir;
		if (c->state == TASK_ZOMBIE && c->nr_threads == 0 && heir) {
			struct task *init = task_find_process(heir);

			if (init)
				tell_parent(c, init, CLD_EXITED, TASK_WEXITSTATUS(c->exit_status));
		}
	}
	if (!parent) { /* kmain's child: the reaper reports it */
		t->ppid = 0;
		return;
	}
	if (sigchld_action(parent)->handler == SIG_IGN ||
	    (sigchld_action(parent)->flags & SA_NOCLDWAIT)) {
		t->autoreap = true;
		t->ppid = 0;
	}
	if (sigchld_action(parent)->handler != SIG_IGN) {
		int ws = t->exit_status;

		if (TASK_WIFSIGNALED(ws))
			tell_parent(t, parent, (ws & 0x80) ? CLD_DUMPED : CLD_KILLED,
				    TASK_WTERMSIG(ws));
		else
			tell_parent(t, parent, CLD_EXITED, TASK_WEXITSTATUS(ws));
	}
}

void process_stop_notify(struct task *t, int signo)
{
	u32 flags = irq_save();
	struct task *parent = t->ppid ? task_find_process(t->ppid) : NULL;

	t->stop_report = signo;
	t->cont_report = signo == 0;
	if (parent && !(sigchld_action(parent)->flags & SA_NOCLDSTOP))
		tell_parent(t, parent, signo ? CLD_STOPPED : CLD_CONTINUED, signo ? signo : SIGCONT);
	wait_wake_all(&task_child_wq);
	irq_restore(flags);
}

/* --- wait4 and waitid -------------------------------------------------------- */

static bool wait_matches(const struct task *c, int which, int id)
{
	if (which == P_PID)
		return c->pid == id;
	if (which == P_PGID)
		return c->pgid == id;
	return true; /* P_ALL */
}

/*
 * One look at the children (interrupts off): 1 and *r filled when one
 * matching (which, id) has something options asks for, 0 when some match
 * but none has, -ECHILD when none matches.  A zombie found is unlinked and
 * freed here, and a stop or continue is taken, unless WNOWAIT.
 */
static int wait_look(int which, int id, int options, struct wait_report *r)
{
	bool any = false, keep = options & WNOWAIT;

	for (struct task *c = task_first(); c; c = c->all_next) {
		if (c->leader != c || c->ppid != current->leader->pid || c == current->leader ||
		    !wait_matches(c, which, id))
			continue;
		if (c->state == TASK_ZOMBIE && c->nr_threads == 0) { /* the whole group ended */
			int ws = c->exit_status;

			/* without WEXITED a zombie is no child to wait for:
			 * -ECHILD if there is no other (Linux's notask_error) */
			if (!(options & WEXITED))
				continue;
			any = true;
			r->pid = c->pid;
			r->uid = c->cred.uid;
			r->status = ws;
			if (TASK_WIFSIGNALED(ws)) {
				r->code = (ws & 0x80) ? CLD_DUMPED : CLD_KILLED;
				r->child_status = TASK_WTERMSIG(ws);
			} else {
				r->code = CLD_EXITED;
				r->child_status = TASK_WEXITSTATUS(ws);
			}
			/* its own time and its reaped descendants' (Linux's RUSAGE_BOTH),
			 * which become the reaper's children's time */
			r->cpu_ns = c->dead_cpu_ns + c->child_cpu_ns;
			r->utime_ns = c->dead_utime_ns + c->child_utime_ns;
			if (!keep) {
				current->leader->child_cpu_ns += r->cpu_ns;
				current->leader->child_utime_ns += r->utime_ns;
				task_free(c);
			}
			return 1;
		}
		any = true;
		if ((options & WSTOPPED) && c->stop_report) {
			r->pid = c->pid;
			r->uid = c->cred.uid;
			r->status = ABI_WSTATUS_STOPPED(c->stop_report);
			r->code = CLD_STOPPED;
			r->child_status = c->stop_report;
			r->cpu_ns = task_process_cpu_ns_split(c, &r->utime_ns) + c->child_cpu_ns;
			r->utime_ns += c->child_utime_ns;
			if (!keep)
				c->stop_report = 0;
			return 1;
		}
		if ((options & WCONTINUED) && c->cont_report) {
			r->pid = c->pid;
			r->uid = c->cred.uid;
			r->status = ABI_WSTATUS_CONTINUED;
			r->code = CLD_CONTINUED;
			r->child_status = SIGCONT;
			r->cpu_ns = task_process_cpu_ns_split(c, &r->utime_ns) + c->child_cpu_ns;
			r->utime_ns += c->child_utime_ns;
			if (!keep)
				c->cont_report = false;
			return 1;
		}
	}
	return any ? 0 : -ECHILD;
}

int process_wait(int which, int id, int options, struct wait_report *r)
{
	int rc;

	/* As Linux's do_wait: look first, and only then give way to a signal,
	 * so that a wake-up by SIGCHLD still reports what it announced.  A
	 * kill (exit_group, execve in another thread) is no signal_pending():
	 * it ends the loop too, else the sleep, ended by it at once, spins.
	 * Nothing is held across the sleep: each look walks the tasks anew. */
	for (;;) {
		u32 flags = irq_save();

		rc = wait_look(which, id, options, r);
		if (rc != 0 || (options & WNOHANG)) {
			irq_restore(flags);
			return rc;
		}
		if (fatal_signal_pending(current) || signal_pending(current)) {
			irq_restore(flags);
			return -ERESTARTSYS;
		}
		wait_sleep(&task_child_wq, KTIMER_MONOTONIC, KTIME_MAX);
		irq_restore(flags);
	}
}

void process_wait_rusage(u64 cpu_ns, u64 utime_ns, struct rusage *ru)
{
	memset(ru, 0, sizeof(*ru));
	rusage_set_times(ru, cpu_ns, utime_ns);
}

long sys_wait4(int pid, int __user *ustatus, int options, struct rusage __user *uru)
{
	struct wait_report r;
	int which = P_PID, id = pid, rc;

	if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | __WALL | __WCLONE))
		return -EINVAL;
	if (pid == (int)0x80000000) /* -INT_MIN is no group */
		return -ESRCH;
	if (pid == -1) {
		which = P_ALL;
	} else if (pid == 0) {
		which = P_PGID;
		id = current->leader->pgid;
	} else if (pid < 0) {
		which = P_PGID;
		id = -pid;
	}
	rc = process_wait(which, id, options | WEXITED, &r);
	if (rc <= 0)
		return rc; /* an error, or WNOHANG with nothing to report */
	/* Reported (a zombie is gone already), then stored: as Linux, a bad
	 * pointer loses the report and says -EFAULT. */
	if (ustatus && copy_to_user(ustatus, &r.status, sizeof(r.status)))
		return -EFAULT;
	if (uru) {
		struct rusage ru;

		process_wait_rusage(r.cpu_ns, r.utime_ns, &ru);
		if (copy_to_user(uru, &ru, sizeof(ru)))
			return -EFAULT;
	}
	return r.pid;
}

long sys_waitpid(int pid, int __user *ustatus, int options)
{
	return sys_wait4(pid, ustatus, options, NULL);
}

/* --- process groups and sessions --------------------------------------------- */

/* A live user process by pid (0: the caller), or NULL. */
static struct task *process_find(int pid)
{
	struct task *t = pid ? task_find_process(pid) : current->leader;

	return t && t->user ? t : NULL;
}

/* getpgid and getsid also answer for a zombie child, whose pid Linux
 * keeps in its group and session until it is reaped. */
static struct task *process_or_zombie(int pid)
{
	struct task *t = process_find(pid);

	return t ? t : task_find_zombie_process(pid);
}

long sys_getpgid(int pid)
{
	struct task *t;

	if (pid < 0)
		return -ESRCH;
	t = process_or_zombie(pid);
	return t ? t->pgid : -ESRCH;
}

long sys_getpgrp(void)
{
	return current->leader->pgid;
}

long sys_getsid(int pid)
{
	struct task *t;

	if (pid < 0)
		return -ESRCH;
	t = process_or_zombie(pid);
	return t ? t->sid : -ESRCH;
}

static bool group_in_session(int pgid, int sid)
{
	for (struct task *t = task_first(); t; t = t->all_next)
		if (task_is_live_process(t) && t->pgid == pgid && t->sid == sid)
			return true;
	return false;
}

/* Linux's checks, in Linux's order (kernel/sys.c). */
long sys_setpgid(int pid, int pgid)
{
	struct task *t;
	long rc = 0;
	u32 flags;

	if (pid == 0)
		pid = current->leader->pid;
	if (pgid == 0)
		pgid = pid;
	if (pgid < 0)
		return -EINVAL;
	flags = irq_save();
	t = pid > 0 ? process_find(pid) : NULL;
	if (!t || (t != current->leader && t->ppid != current->leader->pid)) {
		rc = -ESRCH;
	} else if (t != current->leader && t->sid != current->leader->sid) {
		rc = -EPERM;
	} else if (t != current->leader && t->did_exec) {
		rc = -EACCES;
	} else if (t->sid == t->pid) { /* a session leader stays where it is */
		rc = -EPERM;
	} else if (pgid != t->pid && !group_in_session(pgid, current->leader->sid)) {
		rc = -EPERM;
	} else {
		t->pgid = pgid;
	}
	irq_restore(flags);
	return rc;
}

long sys_setsid(void)
{
	struct task *me = current->leader;
	long rc;
	u32 flags = irq_save();

	/* Not if some process already has our pid as its group (we lead one). */
	rc = me->pid;
	for (struct task *t = task_first(); t; t = t->all_next)
		if (task_is_live_process(t) && t->pgid == me->pid)
			rc = -EPERM;
	if (rc > 0)
		me->pgid = me->sid = me->pid;
	irq_restore(flags);
	return rc;
}

/* --- kill to a group ------------------------------------------------------- */

/*
 * Send to every live user process for which pick(t, arg) holds, with
 * Linux's result (kernel/signal.c): -ESRCH when nobody is picked; for a
 * group 0 if one send succeeded, else the last error (all_result false);
 * for kill(-1) the last send's result that is not -EPERM, 0 if all were
 * (all_result true).  A signal from user space (info's si_code <= 0) is
 * checked per target (cred_kill_permission).
 */
static long kill_each(bool (*pick)(const struct task *t, int arg), int arg, bool all_result,
		      int signo, const siginfo_t *info)
{
	bool found = false, any_ok = false;
	long last = 0, rc;
	u32 flags = irq_save();

	for (struct task *t = task_first(); t; t = t->all_next) {
		bool zombie = task_is_zombie_process(t);

		if ((!task_is_live_process(t) && !zombie) || t->pid == 0 || !pick(t, arg))
			continue;
		found = true;
		if (signo < 0 || signo > ABI_NSIG)
			rc = -EINVAL;
		else if (info && info->si_code <= 0 && cred_kill_permission(t, signo))
			rc = -EPERM;
		else if (zombie) /* still in its group until reaped; drops the signal */
			rc = 0;
		else
			rc = signo ? signal_send(t, signo, info) : 0;
		any_ok |= rc == 0;
		if (!all_result || rc != -EPERM)
			last = rc;
	}
	irq_restore(flags);
	if (!found)
		return -ESRCH;
	return all_result || !any_ok ? last : 0;
}

static bool in_group(const struct task *t, int pgid)
{
	return t->pgid == pgid;
}

/* kill(-1): every process but init and the caller (Linux: pid > 1, not the
 * caller's thread group). */
static bool not_init_nor_caller(const struct task *t, int unused)
{
	(void)unused;
	return t->pid != INIT_PID && t != current->leader;
}

long process_kill_group(int pgid, int signo, const siginfo_t *info)
{
	if (pgid <= 0)
		return -ESRCH; /* no group has such a number: never a wildcard */
	return kill_each(in_group, pgid, false, signo, info);
}

/*
 * kill(pid <= 0): 0 is the caller's group, -1 every process but init and
 * the caller, -N group N.
 */
long process_kill_many(int pid, int signo, const siginfo_t *info)
{
	if (pid == -1)
		return kill_each(not_init_nor_caller, 0, true, signo, info);
	return process_kill_group(pid == 0 ? current->leader->pgid : -pid, signo, info);
}
