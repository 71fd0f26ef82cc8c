/*
 * What a timer looks like from outside: the read-only view /proc prints
 * (fs/proc_pid.c's timers, fs/proc_timer_list.c), copied out in bounded
 * steps with interrupts off.  Kept out of posix_timers.c, which changes
 * timers; this file only reads them.
 */
#include "kernel/time/posix_timers.h"
#include "arch/i386/cpu.h"
#include "kernel/time/posix_timer_impl.h"
#include "kernel/time/clock.h"
#include "kernel/task/task.h"
#include "lib/ktime.h"
#include "lib/string.h"
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

/* pt as /proc shows it (interrupts off). */
static void fill_record(const struct posix_timer *pt, struct posix_timer_record *r)
{
	struct posix_timer_info *i = &r->info;
	u64 now = base_now(pt, &i->base);

	i->id = pt->id;
	i->clockid = pt->clockid;
	i->notify = pt->notify;
	i->signo = pt->signo;
	i->sival_ptr = pt->value.sival_ptr;
	i->target_pid = pt->target ? pt->target->pid : 0;
	i->armed = pt->armed;
	i->signal_queued = signal_entry_queued(&pt->sigq);
	i->expires_ns = pt->expires_ns;
	i->left_ns = pt->armed && pt->expires_ns > now ? pt->expires_ns - now : 0;
	i->interval_ns = pt->interval_ns;
	/* The overrun its queued signal would carry if taken now: the
	 * periods counted so far, and those passed since the expiry that
	 * queued it (counted by delivery, Linux 6.13's way). */
	i->overrun = pt->overrun;
	if (i->signal_queued && pt->interval_ns && pt->armed && now >= pt->expires_ns) {
		u64 next;
		int missed = ktime_forward(pt->expires_ns, pt->interval_ns, now, &next);

		i->overrun = missed > INT_MAX - i->overrun ? INT_MAX : i->overrun + missed;
	}
	i->in_clock_queue = pt->base != PT_BASE_CPU && timerq_is_armed(&pt->ktimer.node);
	r->owner_pid = pt->owner->pid;
	strncpy(r->owner_name, pt->owner->name, sizeof(r->owner_name) - 1);
	r->owner_name[sizeof(r->owner_name) - 1] = '\0';
}

int posix_timers_walk_step(int pid, int *next_id, struct posix_timer_record *out, int max)
{
	u32 flags = irq_save();
	int n = 0, id = *next_id;

	for (int looked = 0; id >= 0 && looked < max; looked++) {
		struct posix_timer *pt = posix_timer_next(&id);

		if (!pt) {
			id = -1;
			break;
		}
		if (!pid || pt->owner->pid == pid)
			fill_record(pt, &out[n++]);
		id = id == INT_MAX ? -1 : id + 1;
	}
	*next_id = id;
	irq_restore(flags);
	return n;
}

bool posix_timer_record_of_ktimer(const struct ktimer *kt, struct posix_timer_record *r)
{
	const struct posix_timer *pt = posix_timer_of_ktimer(kt);

	if (!pt)
		return false;
	fill_record(pt, r);
	return true;
}

_Static_assert(POSIX_TIMER_OWNER_NAME == TASK_NAME_MAX, "a record keeps the whole name");
