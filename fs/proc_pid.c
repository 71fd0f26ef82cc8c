/*
 * /proc/PID/stat, status and timers, in Linux's formats (fs/proc/array.c
 * do_task_stat and proc_pid_status, fs/proc/base.c show_timer), with
 * tick386's values where it has them and 0 where it has no such thing.
 *
 * What tick386 has: one task per process, so Tgid = Pid and Threads = 1;
 * utime and stime are the process's user and system time (kernel/task/
 * vtime.h), cutime and cstime those of the children it reaped;
 * starttime is the creation time in clock ticks since boot (USER_HZ, as
 * Linux's); the size of the address space is
 * the user pages mapped, so vsize = rss * 4096; one pending set per
 * process, shown as the shared one (ShdPnd: kill and timers send to the
 * process on Linux too), SigPnd and stat's "signal" 0.
 */
#include "fs/proc.h"
#include "arch/i386/cpu.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/signal.h>
#include <abi/time.h>

#define PAGE_KB 4
#define RLIM_INFINITY_32 4294967295ul
#define SIGNAL_EXIT_CHILD 17 /* stat's exit_signal: SIGCHLD */

static unsigned long to_clock_ticks(u64 ns)
{
	return (unsigned long)(ns / (1000000000ull / ABI_USER_HZ));
}

static bool has_mm(const struct task *t)
{
	return t->leader->nr_threads > 0 && t->leader->vm.pd_phys;
}

static abi_sigset_t ignored_set(const struct task *t)
{
	abi_sigset_t set = 0;

	for (int sig = 1; sig <= ABI_NSIG; sig++)
		if (t->leader->signal.action[sig - 1].handler == SIG_IGN)
			set |= ABI_SIGMASK(sig);
	return set;
}

static abi_sigset_t caught_set(const struct task *t)
{
	abi_sigset_t set = 0;

	for (int sig = 1; sig <= ABI_NSIG; sig++)
		if (t->leader->signal.action[sig - 1].handler != SIG_IGN &&
		    t->leader->signal.action[sig - 1].handler != SIG_DFL)
			set |= ABI_SIGMASK(sig);
	return set;
}

/* The 52 fields of Linux's do_task_stat, in its order. */
void proc_pid_stat(struct proc_text *out, struct task *t)
{
	unsigned long pages = has_mm(t) ? t->leader->vm.pages : 0;
	/* Linux's "priority" is 20 for a normal task (prio 120 - 100); tick386's
	 * default priority maps there, and a higher one is a lower number. */
	long priority = 20 - (t->prio - SCHED_PRIO_DEFAULT);
	u64 cpu, user, ccpu, cuser;
	u32 flags;

	/* pid (comm) state ppid pgrp session tty_nr tpgid flags */
	proc_printf(out, "%d (%s) %c %d %d %d 0 -1 0", t->pid, t->name, task_state_char(t),
		    t->leader->ppid, t->leader->pgid, t->leader->sid);
	/* minflt cminflt majflt cmajflt utime stime cutime cstime */
	cpu = task_process_cpu_ns_split(t, &user);
	flags = irq_save();
	ccpu = t->leader->child_cpu_ns;
	cuser = t->leader->child_utime_ns;
	irq_restore(flags);
	proc_printf(out, " 0 0 0 0 %lu %lu %lu %lu", to_clock_ticks(user), to_clock_ticks(cpu - user),
		    to_clock_ticks(cuser), to_clock_ticks(ccpu - cuser));
	/* priority nice num_threads itrealvalue starttime vsize rss rsslim */
	proc_printf(out, " %ld 0 %d 0 %lu %lu %lu %lu", priority, t->leader->nr_threads,
		    to_clock_ticks(t->start_ns),
		    pages * 4096ul, pages, RLIM_INFINITY_32);
	/* startcode endcode startstack kstkesp kstkeip */
	proc_printf(out, " 0 0 %lu 0 0", has_mm(t) ? (unsigned long)VM_STACK_TOP : 0ul);
	/* signal blocked sigignore sigcatch: the first 31 signals, as Linux */
	proc_printf(out, " 0 %lu %lu %lu", (unsigned long)(t->signal.blocked & 0x7fffffff),
		    (unsigned long)(ignored_set(t) & 0x7fffffff),
		    (unsigned long)(caught_set(t) & 0x7fffffff));
	/* wchan nswap cnswap exit_signal processor rt_priority policy
	 * delayacct_blkio_ticks guest_time cguest_time */
	proc_printf(out, " 0 0 0 %d 0 0 0 0 0 0", SIGNAL_EXIT_CHILD);
	/* start_data end_data start_brk arg_start arg_end env_start env_end exit_code */
	proc_printf(out, " 0 0 %lu 0 0 0 0 %d\n", has_mm(t) ? (unsigned long)t->leader->vm.brk_start : 0ul,
		    t->state == TASK_ZOMBIE ? t->exit_status : 0);
}

/* Linux's key:<TAB>value lines, those tick386 can fill, in Linux's order. */
void proc_pid_status(struct proc_text *out, struct task *t)
{
	proc_printf(out, "Name:\t%s\nUmask:\t0022\nState:\t%s\n", t->name, task_state_name(t));
	proc_printf(out, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\nTracerPid:\t0\n", t->tgid, t->pid,
		    t->leader->ppid);
	{
		const struct cred *c = task_cred(t);

		proc_printf(out, "Uid:\t%u\t%u\t%u\t%u\nGid:\t%u\t%u\t%u\t%u\nFDSize:\t%d\nGroups:\t",
			    c->uid, c->euid, c->suid, c->fsuid, c->gid, c->egid, c->sgid, c->fsgid,
			    FD_MAX);
		/* Linux's: separated by spaces, and one space more at the end */
		for (u32 i = 0; c->groups && i < c->groups->count; i++)
			proc_printf(out, i ? " %u" : "%u", c->groups->gid[i]);
		proc_printf(out, " \n");
	}
	proc_printf(out, "NStgid:\t%d\nNSpid:\t%d\nNSpgid:\t%d\nNSsid:\t%d\nKthread:\t0\n", t->tgid,
		    t->pid, t->leader->pgid, t->leader->sid);
	if (has_mm(t)) /* Linux leaves the Vm lines out when there is no mm */
		proc_printf(out, "VmSize:\t%8lu kB\nVmRSS:\t%8lu kB\n",
			    (unsigned long)t->leader->vm.pages * PAGE_KB,
			    (unsigned long)t->leader->vm.pages * PAGE_KB);
	proc_printf(out, "Threads:\t%d\nSigQ:\t%u/%u\n", t->leader->nr_threads,
		    t->leader->signal.queued_count, ABI_SIGQUEUE_MAX);
	proc_printf(out, "SigPnd:\t%016llx\nShdPnd:\t%016llx\n",
		    (unsigned long long)t->signal.pending.set,
		    (unsigned long long)t->leader->signal.shared.set);
	proc_printf(out, "SigBlk:\t%016llx\nSigIgn:\t%016llx\nSigCgt:\t%016llx\n",
		    (unsigned long long)t->signal.blocked, (unsigned long long)ignored_set(t),
		    (unsigned long long)caught_set(t));
}

static void show_timer(struct proc_text *out, const struct posix_timer_info *i)
{
	static const char *const notify_name[] = { "signal", "none", "thread" };
	int how = i->notify & ~SIGEV_THREAD_ID;

	/* fs/proc/base.c show_timer: %px is the pointer's full width in hex */
	proc_printf(out, "ID: %d\nsignal: %d/%08lx\nnotify: %s/%s.%d\nClockID: %d\n", i->id,
		    i->signo, (unsigned long)i->sival_ptr, how <= 2 ? notify_name[how] : "?",
		    (i->notify & SIGEV_THREAD_ID) ? "tid" : "pid", i->target_pid, i->clockid);
}

/* Timers copied per step (interrupts off for that many, at most). */
#define TIMERS_PER_STEP 32

int proc_pid_timers(struct proc_text *out, int pid)
{
	struct posix_timer_record *recs = kmalloc(TIMERS_PER_STEP * sizeof(*recs));
	int next = 0, rc = 0;
	struct task *t;
	u32 flags;

	if (!recs)
		return -ENOMEM;
	flags = irq_save();
	t = task_find_any(pid);
	if (!t || !task_is_process(t))
		rc = -ENOENT;
	irq_restore(flags);
	while (!rc && next >= 0 && !out->nomem) {
		int n = posix_timers_walk_step(pid, &next, recs, TIMERS_PER_STEP);

		for (int i = 0; i < n; i++)
			show_timer(out, &recs[i].info);
		sched_cond_resched();
	}
	kfree(recs);
	return rc;
}
