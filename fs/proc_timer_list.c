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
 * and periodic ones whose signal waits for delivery to re-arm them, by id.
 * Then, as Linux's tick device section (its field names, fewer of them):
 *
 *   Tick Device: mode:     1
 *   Per CPU device: 0
 *   Clock Event Device: <pit|hpet|lapic|lapic-deadline>
 *    max_delta_ns:   <ns>
 *    events:         <events handled since boot>
 *    clock source:   <tsc|hpet|acpi_pm|pit>
 */
#include "fs/proc.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "kernel/time/clocksource.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/posix_timers.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/time.h>

/*
 * The list is copied in steps of ENTRIES_PER_STEP timers, each step with
 * interrupts off (ktimer_walk_step, posix_timers_walk_step), into records
 * that hold no pointer, and printed with interrupts on.  Who owns a ktimer
 * is found from the ktimer itself (its callback says whether it is a POSIX
 * timer or a sleep's time-out), not by searching every task.
 */
#define ENTRIES_PER_STEP 32

enum entry_kind { ENTRY_KERNEL, ENTRY_SLEEP, ENTRY_POSIX };

struct entry {
	enum entry_kind kind;
	u64 expires;
	struct posix_timer_record rec; /* ENTRY_POSIX; ENTRY_SLEEP: owner only */
};

struct step {
	struct entry *e;
	u32 n;
};

static void print_expiry(struct proc_text *out, u64 expires, u64 left)
{
	proc_printf(out, "expires at %llu-%llu nsecs [in %llu to %llu nsecs]",
		    (unsigned long long)expires, (unsigned long long)expires,
		    (unsigned long long)left, (unsigned long long)left);
}

static void print_posix(struct proc_text *out, const struct posix_timer_info *i)
{
	proc_printf(out, "posix timer ID: %d, ClockID: %d, interval: %llu nsecs, signal: %d, "
			 "queued: %s, overrun: %d\n",
		    i->id, i->clockid, (unsigned long long)i->interval_ns, i->signo,
		    i->signal_queued ? "yes" : "no", i->overrun);
}

/* A ktimer copied (interrupts off). */
static void copy_ktimer(const struct ktimer *kt, void *ctx)
{
	struct step *st = ctx;
	struct entry *e = &st->e[st->n++];
	struct task *sleeper;

	e->expires = ktimer_expires(kt);
	if (posix_timer_record_of_ktimer(kt, &e->rec)) {
		e->kind = ENTRY_POSIX;
	} else if ((sleeper = sched_sleeper_of(kt)) != NULL) {
		e->kind = ENTRY_SLEEP;
		e->rec.owner_pid = sleeper->pid;
		strncpy(e->rec.owner_name, sleeper->name, sizeof(e->rec.owner_name) - 1);
		e->rec.owner_name[sizeof(e->rec.owner_name) - 1] = '\0';
	} else {
		e->kind = ENTRY_KERNEL;
	}
}

static void show_clock(struct proc_text *out, struct entry *buf, enum ktimer_clock clock,
		       int clockid, const char *name)
{
	u64 now = clock == KTIMER_MONOTONIC ? clock_monotonic_ns() : clock_realtime_ns();
	struct ktimer_cursor cur = { 0 };
	u32 count = 0;

	proc_printf(out, "clock %d: %s\n  .resolution: %llu nsecs\n  .now:        %llu nsecs\n",
		    clockid, name, (unsigned long long)clock_resolution_ns(clockid),
		    (unsigned long long)now);
	proc_printf(out, "active timers:\n");
	for (;;) {
		struct step st = { buf, 0 };

		if (!ktimer_walk_step(clock, &cur, ENTRIES_PER_STEP, copy_ktimer, &st) || out->nomem)
			break;
		for (u32 i = 0; i < st.n; i++) {
			const struct entry *e = &buf[i];

			proc_printf(out, " #%u: ", count++);
			if (e->kind == ENTRY_KERNEL)
				proc_printf(out, "<kernel>, ");
			else
				proc_printf(out, "<pid %d (%s)>, ", e->rec.owner_pid, e->rec.owner_name);
			print_expiry(out, e->expires, e->expires > now ? e->expires - now : 0);
			if (e->kind == ENTRY_POSIX) {
				proc_printf(out, ", ");
				print_posix(out, &e->rec.info);
			} else {
				proc_printf(out, e->kind == ENTRY_SLEEP ? ", sleep\n" : ", kernel timer\n");
			}
		}
		sched_cond_resched(); /* holding only the cursor */
	}
}

/* The armed POSIX timers in no clock queue: on a CPU-time clock, SIGEV_NONE
 * ones, periodic ones whose signal waits for delivery to re-arm them. */
static void show_others(struct proc_text *out, struct posix_timer_record *recs)
{
	int next = 0;
	u32 count = 0;

	proc_printf(out, "other armed POSIX timers:\n");
	while (next >= 0 && !out->nomem) {
		int n = posix_timers_walk_step(0, &next, recs, ENTRIES_PER_STEP);

		for (int i = 0; i < n; i++) {
			const struct posix_timer_info *ti = &recs[i].info;

			if (!ti->armed || ti->in_clock_queue)
				continue; /* disarmed, or listed with its clock */
			proc_printf(out, " #%u: <pid %d (%s)>, ", count++, recs[i].owner_pid,
				    recs[i].owner_name);
			print_expiry(out, ti->expires_ns, ti->left_ns);
			proc_printf(out, ", on %s, ", ti->base);
			print_posix(out, ti);
		}
		sched_cond_resched();
	}
}

int proc_timer_list(struct proc_text *out)
{
	struct entry *buf = kmalloc(ENTRIES_PER_STEP * sizeof(*buf));
	struct posix_timer_record *recs = kmalloc(ENTRIES_PER_STEP * sizeof(*recs));

	if (!buf || !recs) {
		kfree(buf);
		kfree(recs);
		return -ENOMEM;
	}
	proc_printf(out, "Timer List Version: tick386 1\nnow at %llu nsecs\n\n",
		    (unsigned long long)clock_monotonic_ns());
	show_clock(out, buf, KTIMER_MONOTONIC, CLOCK_MONOTONIC, "CLOCK_MONOTONIC");
	show_clock(out, buf, KTIMER_REALTIME, CLOCK_REALTIME, "CLOCK_REALTIME");
	show_others(out, recs);
	kfree(buf);
	kfree(recs);
	/* mode 1: one-shot (Linux's TICKDEV_MODE_ONESHOT) */
	proc_printf(out, "\nTick Device: mode:     1\nPer CPU device: 0\nClock Event Device: %s\n"
			 " max_delta_ns:   %llu\n events:         %lu\n clock source:   %s\n",
		    clockevent_name(), (unsigned long long)clockevent_max_delta_ns(),
		    clockevent_count(), clocksource_name(clock_source()));
	return 0;
}
