/*
 * The POSIX clock calls: clock_gettime, clock_getres, clock_settime,
 * clock_nanosleep (259..262 in the 2002 patch's numbering) and nanosleep.
 *
 * Clock ids are Linux's (include/abi/time.h), and Linux's negative ids for
 * the CPU-time clock of a given process.  What each id allows, as Linux 6.18
 * answers on a PC without an RTC wake alarm (probed as root):
 *
 *   id                        gettime/getres  timer_create, clock_nanosleep
 *   REALTIME, MONOTONIC,      yes             yes
 *   BOOTTIME, TAI
 *   MONOTONIC_RAW, *_COARSE   yes             EOPNOTSUPP
 *   REALTIME/BOOTTIME_ALARM   EINVAL          EOPNOTSUPP
 *   PROCESS_CPUTIME_ID        yes             yes
 *   THREAD_CPUTIME_ID         yes             timers yes, sleep EOPNOTSUPP
 *   10, >= 16                 EINVAL          EINVAL
 *
 * A process is one task here, so the process and thread CPU-time clocks
 * read the same count.
 */
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/posix_syscalls.h"
#include "kernel/task/sched.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "kernel/time/posix_timers.h"
#include "mm/uaccess.h"
#include "lib/ktime.h"
#include <abi/errno.h>
#include <abi/time.h>
#include <abi/types.h>

/* The clock's time now, or -EINVAL for an id that is no clock. */
static int clock_read(clockid_t id, u64 *ns)
{
	switch (id) {
	case CLOCK_REALTIME:
		*ns = clock_realtime_ns();
		return 0;
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME: /* no suspend: nothing to add */
		*ns = clock_monotonic_ns();
		return 0;
	case CLOCK_MONOTONIC_RAW:
		*ns = clock_raw_ns();
		return 0;
	case CLOCK_REALTIME_COARSE:
		*ns = clock_coarse_ns(clock_realtime_ns());
		return 0;
	case CLOCK_MONOTONIC_COARSE:
		*ns = clock_coarse_ns(clock_monotonic_ns());
		return 0;
	case CLOCK_TAI:
		*ns = clock_tai_ns();
		return 0;
	case CLOCK_REALTIME_ALARM: /* no wake alarm: Linux's alarm_clock_get* */
	case CLOCK_BOOTTIME_ALARM:
		return -EINVAL;
	default: {
		/* The CPU-time clocks: ours, or (a negative id) another process's. */
		u32 flags = irq_save();
		struct task *t = posix_cpu_clock_task(id);

		if (t)
			*ns = task_cpu_ns(t);
		irq_restore(flags);
		return t ? 0 : -EINVAL;
	}
	}
}

long sys_clock_gettime(clockid_t id, struct timespec __user *uts)
{
	struct timespec ts;
	u64 ns;
	int rc = clock_read(id, &ns);

	if (rc)
		return rc;
	ktime_to_timespec(ns, &ts);
	return copy_to_user(uts, &ts, sizeof(ts)) ? -EFAULT : 0;
}

long sys_clock_getres(clockid_t id, struct timespec __user *uts)
{
	struct timespec ts;
	u64 ns;

	if (clock_read(id, &ns))
		return -EINVAL;
	if (!uts)
		return 0; /* POSIX: a NULL res is allowed */
	ktime_to_timespec(clock_resolution_ns(id), &ts);
	return copy_to_user(uts, &ts, sizeof(ts)) ? -EFAULT : 0;
}

long sys_clock_settime(clockid_t id, const struct timespec __user *uts)
{
	struct timespec ts;
	u64 ns;

	/* Only the wall clock can be set; the others count what happened.
	 * Linux (6.18, probed: tests/conformance/linux-errno.txt) says EINVAL
	 * for them all, the CPU-time clocks included. */
	if (id < 0) { /* another process's CPU time: Linux's posix_cpu_clock_set */
		u32 flags = irq_save();
		struct task *t = posix_cpu_clock_task(id);

		irq_restore(flags);
		return t ? -EPERM : -EINVAL;
	}
	if (id != CLOCK_REALTIME)
		return -EINVAL;
	if (copy_from_user(&ts, uts, sizeof(ts)))
		return -EFAULT;
	if (ktime_from_timespec(&ts, &ns))
		return -EINVAL;
	return clock_realtime_set(ns);
}

/*
 * Sleep until `deadline` on `clock` (interrupts may be on).  Returns 0 when
 * the time has come, or -EINTR when a signal that will run a handler (or end
 * the task) is pending.  sched_sleep is not woken by ignored or blocked
 * signals; a wake-up for any other reason sleeps again.
 */
static int sleep_until(enum ktimer_clock clock, u64 deadline)
{
	for (;;) {
		u64 now = clock == KTIMER_REALTIME ? clock_realtime_ns()
			  : clock == KTIMER_TAI	   ? clock_tai_ns()
						   : clock_monotonic_ns();
		if (now >= deadline)
			return 0;
		int rc = sched_sleep(clock, deadline);
		if (rc == -EINTR)
			return -EINTR;
	}
}

/*
 * Sleep until another process has used the CPU time asked.  Its CPU time
 * grows at most as fast as the monotonic clock, so sleeping for the time
 * still missing can never wake too early: look again, sleep for what is
 * still missing, until it is there.  If the process exits meanwhile, its
 * CPU time is final and the sleep ends (0).
 */
static long cpu_nanosleep_other(clockid_t id, bool absolute, const struct timespec *req,
				u64 req_ns, struct timespec __user *urem)
{
	u64 deadline = 0, used = 0;
	bool first = true;
	int rc = 0;

	for (;;) {
		u32 flags = irq_save();
		struct task *t = posix_cpu_clock_task(id);

		if (t)
			used = task_cpu_ns(t);
		irq_restore(flags);
		if (first)
			deadline = absolute ? req_ns : ktime_add_sat(used, req_ns);
		first = false;
		if (!t || used >= deadline)
			return 0;
		rc = sleep_until(KTIMER_MONOTONIC,
				 ktime_add_sat(clock_monotonic_ns(), deadline - used));
		if (rc == -EINTR)
			break;
	}
	if (!absolute && urem) {
		struct timespec rem;

		ktime_to_timespec(deadline > used ? deadline - used : 0, &rem);
		if (copy_to_user(urem, &rem, sizeof(rem)))
			return -EFAULT;
	}
	(void)req;
	return rc;
}

static long do_nanosleep(clockid_t id, int flags, const struct timespec __user *ureq,
			 struct timespec __user *urem)
{
	struct timespec req, rem;
	enum ktimer_clock clock;
	u64 req_ns, deadline;
	bool absolute = flags & TIMER_ABSTIME; /* other flag bits are ignored, as in Linux */
	int rc;

	struct task *other = NULL; /* a negative id: another process's CPU time */

	switch (id) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
	case CLOCK_PROCESS_CPUTIME_ID:
		break;
	case CLOCK_THREAD_CPUTIME_ID: /* Linux: no nsleep for it */
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_REALTIME_ALARM:
	case CLOCK_BOOTTIME_ALARM:
		return -EOPNOTSUPP;
	default:
		/* Linux: EINVAL for a thread's CPU clock and for unknown ids. */
		if (id >= 0 || CPUCLOCK_PERTHREAD(id))
			return -EINVAL;
		u32 irqflags = irq_save();
		other = posix_cpu_clock_task(id);
		irq_restore(irqflags);
		if (!other)
			return -EINVAL;
		if (other == current)
			id = CLOCK_PROCESS_CPUTIME_ID;
		break;
	}
	if (copy_from_user(&req, ureq, sizeof(req)))
		return -EFAULT;
	if (ktime_from_timespec(&req, &req_ns))
		return -EINVAL;

	if (id == CLOCK_PROCESS_CPUTIME_ID) {
		/*
		 * Until this process has used req of CPU.  Its only task is the
		 * one asleep, so that time never comes: only a signal ends it
		 * (unless it is already past, for an absolute time).
		 */
		if (absolute && task_cpu_ns(current) >= req_ns)
			return 0;
		if (!absolute && req_ns == 0)
			return 0;
		rc = sleep_until(KTIMER_MONOTONIC, KTIME_MAX);
		if (rc == -EINTR && !absolute && urem) {
			if (copy_to_user(urem, &req, sizeof(req)))
				return -EFAULT;
		}
		return rc;
	}

	if (id < 0)
		return cpu_nanosleep_other(id, absolute, &req, req_ns, urem);

	if (absolute && id == CLOCK_REALTIME) {
		clock = KTIMER_REALTIME; /* moved by clock_settime, as POSIX wants */
		deadline = req_ns;
	} else if (absolute && id == CLOCK_TAI) {
		clock = KTIMER_TAI;
		deadline = req_ns;
	} else if (absolute) {
		clock = KTIMER_MONOTONIC;
		deadline = req_ns;
	} else {
		/* A relative sleep measures an interval: monotonic, whatever the clock. */
		clock = KTIMER_MONOTONIC;
		deadline = ktime_add_sat(clock_monotonic_ns(), req_ns);
	}

	rc = sleep_until(clock, deadline);
	if (rc == -EINTR && !absolute && urem) {
		u64 now = clock_monotonic_ns();
		ktime_to_timespec(deadline > now ? deadline - now : 0, &rem);
		if (copy_to_user(urem, &rem, sizeof(rem)))
			return -EFAULT;
	}
	return rc;
}

long sys_clock_nanosleep(clockid_t id, int flags, const struct timespec __user *ureq,
			 struct timespec __user *urem)
{
	return do_nanosleep(id, flags, ureq, urem);
}

long sys_nanosleep(const struct timespec __user *ureq, struct timespec __user *urem)
{
	return do_nanosleep(CLOCK_MONOTONIC, 0, ureq, urem);
}
