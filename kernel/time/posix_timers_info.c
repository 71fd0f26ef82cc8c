/*
 * What a timer looks like from outside: the read-only view /proc prints
 * (fs/proc_pid.c's timers, fs/proc_timer_list.c).  Kept out of
 * posix_timers.c, which changes timers; this file only reads them.
 */
#include "kernel/time/posix_timers.h"
#include "kernel/time/posix_timer_impl.h"
#include "kernel/time/clock.h"
#include "kernel/task/task.h"
#include "lib/ktime.h"
#include <limits.h>

static u64 base_now(const struct posix_timer *pt, const char **name)
{
	switch (pt->base) {
	case PT_BASE_REALTIME:
		if (pt->clockid == CLOCK_TAI) {
			*name = "tai";
			return clock_tai_ns();
		}
		*name = "realtime";
		return clock_realtime_ns();
	case PT_BASE_CPU:
		*name = "cputime"; /* of the process it counts (cpu_task), maybe another */
		return pt->cpu_task ? posix_cpu_clock_ns(pt->cpu_task, pt->cpu_thread) : 0;
	default:
		*name = "monotonic";
		return clock_monotonic_ns();
	}
}

void posix_timers_for_each(struct task *t, void (*fn)(const struct posix_timer_info *i, void *ctx),
			   void *ctx)
{
	struct posix_timer *pt;

	list_for_each_entry(pt, &t->leader->posix_timers.timers, owner_link) {
		struct posix_timer_info i;
		u64 now = base_now(pt, &i.base);

		i.id = pt->id;
		i.clockid = pt->clockid;
		i.notify = pt->notify;
		i.signo = pt->signo;
		i.sival_ptr = pt->value.sival_ptr;
		i.target_pid = pt->target ? pt->target->pid : 0;
		i.armed = pt->armed;
		i.signal_queued = signal_entry_queued(&pt->sigq);
		i.expires_ns = pt->expires_ns;
		i.left_ns = pt->armed && pt->expires_ns > now ? pt->expires_ns - now : 0;
		i.interval_ns = pt->interval_ns;
		/* The overrun its queued signal would carry if taken now: the
		 * periods counted so far, and those passed since the expiry that
		 * queued it (counted by delivery, Linux 6.13's way). */
		i.overrun = pt->overrun;
		if (i.signal_queued && pt->interval_ns && pt->armed && now >= pt->expires_ns) {
			u64 next;
			int missed = ktime_forward(pt->expires_ns, pt->interval_ns, now, &next);

			i.overrun = missed > INT_MAX - i.overrun ? INT_MAX : i.overrun + missed;
		}
		i.ktimer = pt->base != PT_BASE_CPU ? &pt->ktimer : NULL;
		fn(&i, ctx);
	}
}
