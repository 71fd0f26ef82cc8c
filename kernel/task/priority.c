/*
 * getpriority, setpriority, nice: each thread's nice value, -20..19, as
 * Linux keeps it (kernel/sys.c, kernel/sched/core.c): PRIO_PROCESS names a
 * thread by its id (0: the caller), PRIO_PGRP every thread of the
 * processes of a group (0: the caller's), PRIO_USER every thread of a
 * user (0: the caller's).  fork and clone copy it; exec keeps it.
 *
 * The value is kept and reported only: tick386's scheduler gives every
 * task the same weight (sched.c), so nice changes no share of the CPU.
 * Privilege as Linux's set_one_prio (kernel/task/cred.h): another's task
 * only when the caller's effective uid is its real or effective uid
 * (-EPERM), a lower nice value only with CAP_SYS_NICE (-EACCES; nice(2):
 * -EPERM), both "euid 0" here; PRIO_USER names real uids.
 *
 * The raw getpriority answers 20 - nice (1..40), Linux's convention, so
 * that no value looks like an error; the C library turns it back.
 */
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "arch/i386/cpu.h"
#include "kernel/task/cred.h"
#include <abi/errno.h>

#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2
#define NICE_MIN (-20)
#define NICE_MAX 19

/* The user that owns t: its real uid. */
static int task_uid(struct task *t)
{
	return (int)task_cred(t)->uid;
}

/*
 * Whether t is one of the tasks which and who name (who resolved: never
 * 0 here).  Threads that ended are out; zombies in, as in Linux, where a
 * task is found until it is reaped.  kmain and idle (pid 0) are nobody's.
 */
static bool prio_match(struct task *t, int which, int who)
{
	if (t->pid <= 0)
		return false;
	switch (which) {
	case PRIO_PROCESS:
		return t->pid == who;
	case PRIO_PGRP:
		return t->user && t->leader->pgid == who;
	default:
		return task_uid(t) == who;
	}
}

/* who 0 made the caller's own id; -1: which is not a PRIO_ kind. */
static int prio_who(int which, int who)
{
	if (which < PRIO_PROCESS || which > PRIO_USER)
		return -1;
	if (who)
		return who;
	return which == PRIO_PROCESS ? current->pid
	       : which == PRIO_PGRP  ? current->leader->pgid
				     : task_uid(current);
}

long sys_getpriority(int which, int who)
{
	long best = -ESRCH;
	u32 flags;

	if (which < PRIO_PROCESS || which > PRIO_USER)
		return -EINVAL;
	who = prio_who(which, who);
	flags = irq_save();
	for (struct task *t = task_first(); t; t = t->all_next)
		if (prio_match(t, which, who) && 20 - t->nice > best)
			best = 20 - t->nice;
	irq_restore(flags);
	return best;
}

long sys_setpriority(int which, int who, int nice)
{
	long rc = -ESRCH;
	u32 flags;

	if (which < PRIO_PROCESS || which > PRIO_USER)
		return -EINVAL;
	if (nice < NICE_MIN)
		nice = NICE_MIN;
	if (nice > NICE_MAX)
		nice = NICE_MAX;
	who = prio_who(which, who);
	flags = irq_save();
	for (struct task *t = task_first(); t; t = t->all_next) {
		const struct cred *c = task_cred(current), *tc;

		if (!prio_match(t, which, who))
			continue;
		tc = task_cred(t);
		if (tc->uid != c->euid && tc->euid != c->euid && !capable(CAP_SYS_NICE)) {
			rc = -EPERM; /* set_one_prio_perm */
		} else if (nice < t->nice && !capable(CAP_SYS_NICE)) {
			rc = -EACCES; /* can_nice: RLIMIT_NICE is 0 */
		} else {
			t->nice = nice;
			if (rc == -ESRCH)
				rc = 0; /* an earlier error stays, as Linux's */
		}
	}
	irq_restore(flags);
	return rc;
}

/* nice(2), the old call: the caller's value moved by inc (inc first cut to
 * -40..40, the sum to -20..19), 0; glibc's nice() uses the two above. */
long sys_nice(int inc)
{
	int n;

	if (inc < -40)
		inc = -40;
	if (inc > 40)
		inc = 40;
	n = current->nice + inc;
	n = n < NICE_MIN ? NICE_MIN : n > NICE_MAX ? NICE_MAX : n;
	if (n < current->nice && !capable(CAP_SYS_NICE))
		return -EPERM; /* can_nice */
	current->nice = n;
	return 0;
}
