/*
 * /proc/timer_list: every armed timer, in the spirit of Linux's (one
 * section per clock base, kernel/time/timer_list.c) for one CPU:
 *
 *   Timer List Version: tick386 1
 *   now at <CLOCK_MONOTONIC ns> nsecs
 *
 *   clock 0: CLOCK_MONOTONIC
 *     .resolution: <ns> nsecs
 *     .now:        <ns> nsecs
 *   active timers:
 *    #<n>: <OWNER>, expires at <X>-<X> nsecs [in <Z> to <Z> nsecs], WHAT
 *   clock 1: CLOCK_REALTIME
 *     ... the same, in ns since 1970 (absolute realtime POSIX timers) ...
 *   other armed POSIX timers:
 *    #<n>: <OWNER>, expires at ... [in ...], on <base>, WHAT
 *
 * OWNER is "pid P (comm)" or "kernel".  Linux's soft and hard expiries are
 * one time here (X-X; Z to Z).  WHAT is "sleep" (nanosleep, a wait),
 * "kernel timer" (the scheduler's slice), or for a POSIX timer
 * "posix timer ID: I, ClockID: C, interval: V nsecs, signal: S, queued: yes|no,
 * overrun: O" (queued: its one signal waits for delivery, or is parked while
 * ignored; O: the si_overrun it would carry if taken now).
 * The last section holds the armed POSIX timers in no clock queue: on a
 * CPU-time clock (<base> cputime, ns of the owner's CPU), SIGEV_NONE ones,
 * and periodic ones whose signal waits for delivery to re-arm them.
 * Then, as Linux's tick device section (its field names, fewer of them):
 *
 *   Tick Device: mode:     1
 *   Per CPU device: 0
 *   Clock Event Device: <pit|hpet>
 *    max_delta_ns:   <ns>
 *    events:         <events handled since boot>
 *    clock source:   <tsc|hpet|acpi_pm|pit>
 */
#include "fs/proc.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "kernel/time/clocksource.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/posix_timers.h"
#include <abi/time.h>

struct walk {
	struct proc_text *out;
	u32 n;		      /* the timers printed in this section */
	u64 now;	      /* of the clock being listed */
	const struct ktimer *kt; /* the one being identified */
	const struct posix_timer_info *found;
	struct posix_timer_info info;
};

static void print_expiry(struct walk *w, u64 expires, u64 left)
{
	proc_printf(w->out, "expires at %llu-%llu nsecs [in %llu to %llu nsecs]",
		    (unsigned long long)expires, (unsigned long long)expires,
		    (unsigned long long)left, (unsigned long long)left);
}

static void print_posix(struct walk *w, const struct posix_timer_info *i)
{
	proc_printf(w->out, "posix timer ID: %d, ClockID: %d, interval: %llu nsecs, signal: %d, "
			    "queued: %s, overrun: %d\n",
		    i->id, i->clockid, (unsigned long long)i->interval_ns, i->signo,
		    i->signal_queued ? "yes" : "no", i->overrun);
}

static void match_posix(const struct posix_timer_info *i, void *ctx)
{
	struct walk *w = ctx;

	if (i->ktimer == w->kt) {
		w->info = *i;
		w->found = &w->info;
	}
}

static void show_ktimer(const struct ktimer *kt, void *ctx)
{
	struct walk *w = ctx;
	u64 expires = ktimer_expires(kt);
	struct task *owner = NULL;
	bool sleep = false;

	w->kt = kt;
	w->found = NULL;
	for (struct task *t = task_first(); t && !owner; t = t->all_next) {
		if (&t->sleep_timer == kt) {
			owner = t;
			sleep = true;
			break;
		}
		posix_timers_for_each(t, match_posix, w);
		if (w->found)
			owner = t;
	}
	proc_printf(w->out, " #%u: ", w->n++);
	if (owner)
		proc_printf(w->out, "<pid %d (%s)>, ", owner->pid, owner->name);
	else
		proc_printf(w->out, "<kernel>, ");
	print_expiry(w, expires, expires > w->now ? expires - w->now : 0);
	if (w->found) {
		proc_printf(w->out, ", ");
		print_posix(w, w->found);
	} else {
		proc_printf(w->out, sleep ? ", sleep\n" : ", kernel timer\n");
	}
}

static void show_clock(struct walk *w, enum ktimer_clock clock, int clockid, const char *name)
{
	w->now = clock == KTIMER_MONOTONIC ? clock_monotonic_ns() : clock_realtime_ns();
	w->n = 0;
	proc_printf(w->out, "clock %d: %s\n  .resolution: %llu nsecs\n  .now:        %llu nsecs\n",
		    clockid, name, (unsigned long long)clock_resolution_ns(clockid),
		    (unsigned long long)w->now);
	proc_printf(w->out, "active timers:\n");
	ktimer_for_each(clock, show_ktimer, w);
}

/* The current task being listed, for show_other. */
static struct task *other_owner;

static void show_other(const struct posix_timer_info *i, void *ctx)
{
	struct walk *w = ctx;

	if (!i->armed || (i->ktimer && ktimer_active(i->ktimer)))
		return; /* disarmed, or listed with its clock */
	proc_printf(w->out, " #%u: <pid %d (%s)>, ", w->n++, other_owner->pid, other_owner->name);
	print_expiry(w, i->expires_ns, i->left_ns);
	proc_printf(w->out, ", on %s, ", i->base);
	print_posix(w, i);
}

void proc_timer_list(struct proc_text *out)
{
	struct walk w = { .out = out };

	proc_printf(out, "Timer List Version: tick386 1\nnow at %llu nsecs\n\n",
		    (unsigned long long)clock_monotonic_ns());
	show_clock(&w, KTIMER_MONOTONIC, CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
	show_clock(&w, KTIMER_REALTIME, CLOCK_REALTIME, "CLOCK_REALTIME");
	proc_printf(out, "other armed POSIX timers:\n");
	w.n = 0;
	for (struct task *t = task_first(); t; t = t->all_next) {
		other_owner = t;
		posix_timers_for_each(t, show_other, &w);
	}
	/* mode 1: one-shot (Linux's TICKDEV_MODE_ONESHOT) */
	proc_printf(out, "\nTick Device: mode:     1\nPer CPU device: 0\nClock Event Device: %s\n"
			 " max_delta_ns:   %llu\n events:         %lu\n clock source:   %s\n",
		    clockevent_name(), (unsigned long long)clockevent_max_delta_ns(),
		    clockevent_count(), clocksource_name(clock_source()));
}
