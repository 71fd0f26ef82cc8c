/*
 * The POSIX clock calls: clock_gettime, clock_getres, clock_settime,
 * clock_nanosleep (259..262 in the 2002 patch's numbering) and nanosleep,
 * and the 64-bit-time calls of Linux 5.1 (clock_settime64 404,
 * clock_gettime64 403, clock_getres_time64 406, clock_nanosleep_time64
 * 407): each pair one body, the timespec's layout a parameter.
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
#include "kernel/time/time_user.h"
#include "mm/uaccess.h"
#include "lib/ktime.h"
#include "kernel/task/cred.h"
#include <abi/errno.h>
#include <abi/time.h>
#include <abi/types.h>

/* The clock's time now, or -EINVAL for an id that is no clock.  Inline:
 * clock_gettime is its main caller, and a call layer is a dozen
 * instructions of its ~300 (make profile-path PATH_NAME=clock_gettime). */
static inline __attribute__((always_inline)) int clock_read(clockid_t id, u64 *ns)
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
		bool thread;
		struct task *t = posix_cpu_clock_task(id, &thread);

		if (t)
			*ns = posix_cpu_clock_ns(t, thread);
		irq_restore(flags);
		return t ? 0 : -EINVAL;
	}
	}
}

/* clock_gettime and clock_gettime64: one body, `wide` the timespec's layout. */
static inline __attribute__((always_inline)) long clock_gettime_common(clockid_t id,
								       void __user *uts, bool wide)
{
	u64 ns;
	int rc = clock_read(id, &ns);

	if (rc)
		return rc;
	return put_user_ktime(uts, wide, ns);
}

long sys_clock_gettime(clockid_t id, struct timespec __user *uts)
{
	return clock_gettime_common(id, uts, false);
}

long sys_clock_gettime64(clockid_t id, struct abi_timespec64 __user *uts)
{
	return clock_gettime_common(id, uts, true);
}

static long clock_getres_common(clockid_t id, void __user *uts, bool wide)
{
	u64 ns;

	if (clock_read(id, &ns))
		return -EINVAL;
	if (!uts)
		return 0; /* POSIX: a NULL res is allowed */
	return put_user_ktime(uts, wide, clock_resolution_ns(id));
}

long sys_clock_getres(clockid_t id, struct timespec __user *uts)
{
	return clock_getres_common(id, uts, false);
}

long sys_clock_getres_time64(clockid_t id, struct abi_timespec64 __user *uts)
{
	return clock_getres_common(id, uts, true);
}

static long clock_settime_common(clockid_t id, const void __user *uts, bool wide)
{
	u64 ns;
	int rc;

	/* Only the wall clock can be set; the others count what happened.
	 * Linux (6.18, probed: tests/conformance/linux-errno.txt) says EINVAL
	 * for them all, the CPU-time clocks included. */
	if (id < 0) { /* another process's CPU time: Linux's posix_cpu_clock_set */
		u32 flags = irq_save();
		bool thread;
		struct task *t = posix_cpu_clock_task(id, &thread);

		irq_restore(flags);
		return t ? -EPERM : -EINVAL;
	}
	if (id != CLOCK_REALTIME)
		return -EINVAL;
	rc = get_user_ktime(uts, wide, &ns);
	if (rc)
		return rc;
	if (!capable(CAP_SYS_TIME))
		return -EPERM; /* CAP_SYS_TIME, after the time's checks (do_sys_settimeofday64) */
	return clock_realtime_set(ns);
}

long sys_clock_settime(clockid_t id, const struct timespec __user *uts)
{
	return clock_settime_common(id, uts, false);
}

long sys_clock_settime64(clockid_t id, const struct abi_timespec64 __user *uts)
{
	return clock_settime_common(id, uts, true);
}

/*
 * Sleep until `deadline` on `clock` (interrupts may be on).  Returns 0 when
 * the time has come, or -EINTR when a signal the task must act on is
 * pending: one that runs a handler, stops the task or ends it.  The caller
 * decides whether the call then ends with EINTR or goes on (see
 * sleep_on_clock's callers).  sched_sleep is not woken by ignored or blocked
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
 * Sleep until a process's CPU-time clock `id` reads `deadline`.  Our own
 * never moves while we sleep if we are its only thread: only a signal ends
 * that sleep.  Another process's CPU time (or ours, other threads running)
 * grows at most as fast as the monotonic clock, so sleeping for the time
 * still missing can never wake too early: look again, sleep for what is
 * still missing, until it is there.  If that process exits meanwhile, its
 * CPU time is final and the sleep ends (0).
 */
static int cpu_sleep(clockid_t id, u64 deadline, u64 *left)
{
	for (;;) {
		u32 flags = irq_save();
		bool thread;
		struct task *t = posix_cpu_clock_task(id, &thread);
		u64 used = t ? posix_cpu_clock_ns(t, thread) : 0;
		bool frozen = t == current->leader && t->nr_threads == 1;

		irq_restore(flags);
		*left = deadline > used ? deadline - used : 0;
		if (!t || used >= deadline)
			return 0;
		u64 wake = frozen ? KTIME_MAX : ktime_add_sat(clock_monotonic_ns(), *left);
		if (sleep_until(KTIMER_MONOTONIC, wake) == -EINTR)
			return -EINTR;
	}
}

/*
 * Sleep until clock `id` reads `deadline`: CLOCK_REALTIME and CLOCK_TAI
 * (moved by clock_settime and adjtimex, as POSIX wants of absolute sleeps),
 * CLOCK_MONOTONIC, or a CPU-time clock.  0 at the time, -EINTR for a signal; *left is the time
 * still missing.
 */
static int sleep_on_clock(clockid_t id, u64 deadline, u64 *left)
{
	enum ktimer_clock clock;
	u64 now;
	int rc;

	switch (id) {
	case CLOCK_REALTIME:
		clock = KTIMER_REALTIME;
		break;
	case CLOCK_TAI:
		clock = KTIMER_TAI;
		break;
	case CLOCK_MONOTONIC:
		clock = KTIMER_MONOTONIC;
		break;
	default:
		return cpu_sleep(id, deadline, left);
	}
	rc = sleep_until(clock, deadline);
	now = clock == KTIMER_REALTIME ? clock_realtime_ns()
	      : clock == KTIMER_TAI    ? clock_tai_ns()
				       : clock_monotonic_ns();
	*left = deadline > now ? deadline - now : 0;
	return rc;
}

/*
 * A relative sleep, from its start or again after a stop (restart_syscall).
 * Ended by a signal, it writes the time left to rem and returns
 * -ERESTART_RESTARTBLOCK, as Linux's do_nanosleep: if a handler runs, the
 * signal code makes that -EINTR; if none does (a stop and continue), the
 * call becomes restart_syscall, which lands here again with the same
 * deadline, so the sleep is as long as asked and not a moment longer.
 */
static long nanosleep_restart(struct restart_block *rb)
{
	u64 left;

	if (sleep_on_clock(rb->clockid, rb->deadline_ns, &left) == 0 || left == 0)
		return 0;
	if (rb->rem && put_user_ktime(rb->rem, rb->rem_wide, left))
		return -EFAULT;
	rb->fn = nanosleep_restart;
	return -ERESTART_RESTARTBLOCK;
}

/* nanosleep, clock_nanosleep and clock_nanosleep_time64 (`wide`: the
 * timespecs' layout, kept for the restart's rem). */
static long do_nanosleep(clockid_t id, int flags, const void __user *ureq, void __user *urem,
			 bool wide)
{
	struct restart_block *rb = &current->restart;
	bool absolute = flags & TIMER_ABSTIME; /* other flag bits are ignored, as in Linux */
	u64 req_ns, left;
	int rc;

	switch (id) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_TAI:
	case CLOCK_PROCESS_CPUTIME_ID:
		break;
	case CLOCK_BOOTTIME:
		id = CLOCK_MONOTONIC; /* nothing suspends here: the same clock */
		break;
	case CLOCK_THREAD_CPUTIME_ID: /* Linux: no nsleep for it (the C library says EINVAL) */
	case CLOCK_MONOTONIC_RAW:
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
	case CLOCK_REALTIME_ALARM:
	case CLOCK_BOOTTIME_ALARM:
		return -EOPNOTSUPP;
	default: {
		/* Linux: EINVAL for another thread's CPU clock and for unknown ids. */
		if (id >= 0 || CPUCLOCK_PERTHREAD(id))
			return -EINVAL;
		u32 irqflags = irq_save();
		bool thread;
		/* a negative id: a process's CPU time */
		struct task *other = posix_cpu_clock_task(id, &thread);

		irq_restore(irqflags);
		if (!other)
			return -EINVAL;
		if (other == current->leader)
			id = CLOCK_PROCESS_CPUTIME_ID;
		break;
	}
	}
	rc = get_user_ktime(ureq, wide, &req_ns);
	if (rc)
		return rc;

	if (absolute) {
		/*
		 * Ended by a signal, an absolute sleep is made again as it was
		 * asked if no handler runs (Linux's -ERESTARTNOHAND); rem is
		 * left alone.
		 */
		return sleep_on_clock(id, req_ns, &left) == -EINTR ? -ERESTARTNOHAND : 0;
	}
	if (req_ns == 0)
		return 0;
	/* A relative sleep on REALTIME measures an interval: MONOTONIC's.  On
	 * TAI it is an absolute one at now + req, moved by clock steps (Linux
	 * turns only REALTIME's into MONOTONIC). */
	if (id == CLOCK_REALTIME)
		id = CLOCK_MONOTONIC;
	if (id == CLOCK_MONOTONIC) {
		rb->deadline_ns = ktime_add_sat(clock_monotonic_ns(), req_ns);
	} else if (id == CLOCK_TAI) {
		rb->deadline_ns = ktime_add_sat(clock_tai_ns(), req_ns);
	} else {
		u32 irqflags = irq_save();
		bool thread;
		struct task *t = posix_cpu_clock_task(id, &thread);

		rb->deadline_ns = ktime_add_sat(t ? posix_cpu_clock_ns(t, thread) : 0, req_ns);
		irq_restore(irqflags);
	}
	rb->clockid = id;
	rb->rem = urem;
	rb->rem_wide = wide;
	return nanosleep_restart(rb);
}

long sys_clock_nanosleep(clockid_t id, int flags, const struct timespec __user *ureq,
			 struct timespec __user *urem)
{
	return do_nanosleep(id, flags, ureq, urem, false);
}

long sys_clock_nanosleep_time64(clockid_t id, int flags,
				const struct abi_timespec64 __user *ureq,
				struct abi_timespec64 __user *urem)
{
	return do_nanosleep(id, flags, ureq, urem, true);
}

long sys_nanosleep(const struct timespec __user *ureq, struct timespec __user *urem)
{
	return do_nanosleep(CLOCK_MONOTONIC, 0, ureq, urem, false);
}
