/*
 * Kernel timers: "call fn at this absolute time on this clock", expired
 * from IRQ 0.  Built on lib/timerqueue.h: one queue per clock.
 *
 *   KTIMER_MONOTONIC: deadlines in CLOCK_MONOTONIC ns (sleeps, time slices,
 *                     relative POSIX timers).
 *   KTIMER_REALTIME:  absolute wall-clock deadlines (ns since 1970); when the
 *                     wall clock is set, ktimer_clock_was_set() expires those
 *                     now due and re-programs the PIT.
 *   KTIMER_TAI:       absolute CLOCK_TAI deadlines (REALTIME + the TAI offset),
 *                     likewise.
 *
 * fn runs from IRQ 0 (or from ktimer_clock_was_set) with interrupts off and
 * must be short.  It is given the time of its clock at the expiry.  The
 * timer is disarmed before fn is called (unlink, then call back, as
 * Linux's __run_hrtimer), so fn re-arms it as anyone would: with
 * ktimer_start(t, when) (a periodic one forwards its expiry with
 * lib/ktime's ktime_forward first); or it returns KTIMER_RESTART, which
 * arms t at ktimer_expires(t) unless fn armed it itself.  KTIMER_NORESTART leaves t as fn left it.  A
 * timer armed from fn at or before now fires in the next expiry pass (the
 * PIT interrupts again within a tick), never again in the same one.
 * A timer fires at or after its deadline, never before (as the clock counts;
 * the PIT one-shot is rounded up to whole ticks of 838 ns), and timers due
 * at once fire in deadline order, FIFO among equal deadlines.
 *
 * All calls may be made with interrupts on or off, from any context,
 * including from a timer's own fn.  Work with interrupts off is bounded by
 * the timers that expire: O(log n) to arm, O(1) to cancel, no walk of all
 * timers.
 */
#ifndef TICK386_KERNEL_KTIMER_H
#define TICK386_KERNEL_KTIMER_H

#include "lib/timerqueue.h"
#include "lib/types.h"

enum ktimer_clock { KTIMER_MONOTONIC, KTIMER_REALTIME, KTIMER_TAI };
#define KTIMER_NR_CLOCKS 3
enum ktimer_restart { KTIMER_NORESTART, KTIMER_RESTART };

struct ktimer {
	struct timerq_node node;
	enum ktimer_clock clock;
	enum ktimer_restart (*fn)(struct ktimer *t, u64 now);
	/*
	 * When it was armed, counted over all ktimers (interrupts off).  The
	 * queue puts equal expiries in the order they were armed, so
	 * (node.expires, seq) is the queue's order, and a walk can stop and
	 * find its place again after any change (ktimer_walk_step).
	 */
	u64 seq;
};

/*
 * A walk over one clock's armed timers in steps, for /proc/timer_list: each
 * step, with interrupts off, finds its place again from the key of the last
 * timer it handed out (never a pointer, which a deletion meanwhile would
 * leave dangling) and hands fn at most max timers, in queue order, with
 * interrupts off.  Returns how many; 0 at the end.  O(log n + max).
 */
struct ktimer_cursor {
	u64 expires, seq; /* the last one handed out */
	bool started;
};
u32 ktimer_walk_step(enum ktimer_clock clock, struct ktimer_cursor *cur, u32 max,
		     void (*fn)(const struct ktimer *t, void *ctx), void *ctx);

void ktimer_init(struct ktimer *t, enum ktimer_clock clock,
		 enum ktimer_restart (*fn)(struct ktimer *, u64 now));
/* Arm at expires_ns, absolute on t's clock (a time already past fires at
 * once, from the next IRQ 0); re-arms if armed. */
void ktimer_start(struct ktimer *t, u64 expires_ns);
/* Disarm: true if it was armed.  After it returns fn does not run (one
 * CPU: fn runs with interrupts off, so it is not running now, unless this
 * is called from fn itself: then it undoes a ktimer_start fn made, and a
 * KTIMER_RESTART returned afterwards still re-arms). */
bool ktimer_cancel_armed(struct ktimer *t);
static inline bool ktimer_cancel(struct ktimer *t)
{
	/*
	 * Most cancels find nothing armed (the scheduler's at every switch:
	 * 36 instructions each, make profile-path PATH_NAME=deadline), and
	 * that needs no interrupts off: only IRQ 0's expiry disarms a timer
	 * behind its owner's back, and it does so with interrupts off,
	 * re-arming a KTIMER_RESTART one before they come back on, so an
	 * unarmed timer seen here is unarmed at this instant.
	 */
	if (!timerq_is_armed(&t->node))
		return false;
	return ktimer_cancel_armed(t);
}
bool ktimer_active(const struct ktimer *t);
/* The expiry t is (or was last) armed for. */
u64 ktimer_expires(const struct ktimer *t);


/* The wall clock was set: expire the REALTIME timers now due and program
 * the PIT for the new earliest deadline.  Called by clock_realtime_set. */
void ktimer_clock_was_set(void);

/* Program the clock event device again for the earliest deadline, or stop
 * it: after a change in what stopping does (the soft-lockup watchdog keeps
 * a tick, kernel/softlockup.h).  IRQ-safe. */
void ktimer_reprogram(void);

/* Take the clock event device (called by clock_init). */
void ktimer_subsystem_init(void);

/* Armed timers of a clock (tests, reports). */
u32 ktimer_count(enum ktimer_clock clock);

/* Call fn for each armed timer of clock, earliest first (/proc/timer_list).
 * Interrupts off (the caller's, for a snapshot of several calls); fn must
 * not arm or cancel timers. */
void ktimer_for_each(enum ktimer_clock clock, void (*fn)(const struct ktimer *t, void *ctx),
		     void *ctx);

#endif
