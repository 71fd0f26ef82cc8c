/*
 * The kernel timer service.
 *
 * Each clock has a timer queue (lib/timerqueue.h: a red-black tree sorted
 * by expiry, its two ends kept).  The IRQ 0 handler expires both queues,
 * each at its own clock's "now", then programs the PIT one-shot for the
 * earliest deadline of the two, the REALTIME one converted to monotonic
 * time through the current wall-clock offset.  With nothing armed no
 * interrupt is asked for.
 *
 * Restarting from fn: the queue disarms a timer before it calls back
 * (lib/timerqueue.h, I6), so fn arms its own timer with the ordinary
 * calls, and the queue leaves whatever is armed during a pass, even in the
 * past, to the next pass.
 *
 * The PIT is programmed once per event, at its end: `programmed` is 0
 * while the handler runs, so no arm made by a callback asks for an earlier
 * event (none is earlier than 0), and the handler programs the earliest
 * deadline when both queues are done.
 *
 * Every operation runs under irq_save: IRQ 0 is the other party, and there
 * is one CPU.
 */
#include "fs/timerfd.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/ntp.h"
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "lib/clockmath.h"
#include "lib/compiler.h"

static struct timerq queues[KTIMER_NR_CLOCKS];
static u64 arm_seq; /* the last struct ktimer.seq given (interrupts off) */
/* monotonic time of the next event asked; 0 while the handler runs */
static u64 programmed = KTIME_MAX;

/* The monotonic time at which a deadline of `clock` falls. */
static u64 to_monotonic(enum ktimer_clock clock, u64 deadline)
{
	s64 off;

	if (clock == KTIMER_MONOTONIC || deadline == KTIME_MAX)
		return deadline;
	off = clock_realtime_offset_ns();
	if (clock == KTIMER_TAI)
		off += clock_tai_offset_sec() * (s64)NSEC_PER_SEC;
	if (off >= 0)
		return deadline > (u64)off ? deadline - (u64)off : 0;
	return ktime_add_sat(deadline, (u64)-off);
}

/* Program the clock event for the earliest deadline; irqs off. */
static void reprogram(void)
{
	u64 next = timerq_next_deadline(&queues[KTIMER_MONOTONIC]);

	/* the wall queues are mostly empty: no loop, no offset read then */
	for (int c = KTIMER_MONOTONIC + 1; c < KTIMER_NR_CLOCKS; c++) {
		if (timerq_count(&queues[c])) {
			u64 d = to_monotonic(c, timerq_next_deadline(&queues[c]));
			if (d < next)
				next = d;
		}
	}
	if (next == KTIME_MAX) {
		/* TSC: the device goes quiet; PIT clock source: its
		 * keep-alive one-shot */
		clockevent_stop();
		programmed = KTIME_MAX;
		return;
	}
	/* a far deadline is clamped: the event comes earlier (the time
	 * returned), and then this runs again */
	programmed = clockevent_program_event(next);
}

static void expire_one(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct ktimer *t = container_of(node, struct ktimer, node);

	(void)ctx;
	/* t is disarmed: fn may arm it (ktimer_start), or ask for its expiry */
	if (t->fn(t, now) == KTIMER_RESTART && !timerq_is_armed(node)) {
		t->seq = ++arm_seq;
		timerq_arm(q, node, node->expires);
	}
}

/*
 * The clock event handler: IRQ 0, interrupts off.  The wall clocks are
 * read only when their queues hold a timer: most of the time they are
 * empty, and the reads were 387 of the 999 instructions here (make
 * profile-path PATH_NAME=deadline).  NTP's second timer waits in the
 * REALTIME queue, so an empty one has no leap second to apply either.
 */
static void ktimer_event(u64 now)
{
	programmed = 0; /* the one-shot has fired; reprogram() asks the next */
	timerq_expire(&queues[KTIMER_MONOTONIC], now, expire_one, NULL);
	if (timerq_count(&queues[KTIMER_REALTIME])) {
		ntp_second_first(clock_realtime_ns()); /* a leap second before the wall timers */
		timerq_expire(&queues[KTIMER_REALTIME], clock_realtime_ns(), expire_one, NULL);
	}
	if (timerq_count(&queues[KTIMER_TAI]))
		timerq_expire(&queues[KTIMER_TAI], clock_tai_ns(), expire_one, NULL);
	reprogram();
}

void ktimer_reprogram(void)
{
	u32 flags = irq_save();

	reprogram();
	irq_restore(flags);
}

void ktimer_subsystem_init(void)
{
	for (int c = 0; c < KTIMER_NR_CLOCKS; c++)
		timerq_init(&queues[c]);
	clockevent_set_handler(ktimer_event);
}

void ktimer_init(struct ktimer *t, enum ktimer_clock clock,
		 enum ktimer_restart (*fn)(struct ktimer *, u64 now))
{
	timerq_node_init(&t->node);
	t->clock = clock;
	t->fn = fn;
}

/* Arm t; an earlier event than the one asked is asked for.  irqs off. */
static void arm(struct ktimer *t, u64 expires_ns)
{
	t->seq = ++arm_seq;
	timerq_arm(&queues[t->clock], &t->node, expires_ns);
	if (to_monotonic(t->clock, expires_ns) < programmed)
		reprogram();
}

void ktimer_start(struct ktimer *t, u64 expires_ns)
{
	u32 flags = irq_save();

	arm(t, expires_ns);
	irq_restore(flags);
}

bool ktimer_cancel_armed(struct ktimer *t)
{
	u32 flags = irq_save();
	/* no reprogramming: the event now due early finds nothing */
	bool was = timerq_disarm(&queues[t->clock], &t->node);

	irq_restore(flags);
	return was;
}

bool ktimer_active(const struct ktimer *t)
{
	u32 flags = irq_save();
	bool armed = timerq_is_armed(&t->node);

	irq_restore(flags);
	return armed;
}

u64 ktimer_expires(const struct ktimer *t)
{
	u32 flags = irq_save();
	u64 expires = t->node.expires;

	irq_restore(flags);
	return expires;
}

void ktimer_clock_was_set(void)
{
	u32 flags = irq_save();

	/*
	 * The wall deadlines stand; "now" on their clock jumped.  Safe from
	 * a timer's fn too: a nested pass takes only what the running one
	 * has not (lib/timerqueue.h, I6).
	 */
	timerq_expire(&queues[KTIMER_REALTIME], clock_realtime_ns(), expire_one, NULL);
	timerq_expire(&queues[KTIMER_TAI], clock_tai_ns(), expire_one, NULL);
	timerfd_clock_was_set(); /* TFD_TIMER_CANCEL_ON_SET */
	reprogram();
	irq_restore(flags);
}

u32 ktimer_count(enum ktimer_clock clock)
{
	return clock < KTIMER_NR_CLOCKS ? timerq_count(&queues[clock]) : 0;
}

void ktimer_for_each(enum ktimer_clock clock, void (*fn)(const struct ktimer *t, void *ctx),
		     void *ctx)
{
	for (struct timerq_node *node = timerq_first(&queues[clock]); node; node = timerq_next(node))
		fn(container_of(node, struct ktimer, node), ctx);
}

/* Whether t comes after (expires, seq) in its queue. */
static bool after_key(const struct ktimer *t, u64 expires, u64 seq)
{
	return t->node.expires > expires || (t->node.expires == expires && t->seq > seq);
}

/* The first armed timer of q after (expires, seq): one descent. */
static struct ktimer *first_after(const struct timerq *q, u64 expires, u64 seq)
{
	struct rb_node *n = q->tree.node;
	struct ktimer *best = NULL;

	while (n) {
		struct ktimer *t = container_of(container_of(n, struct timerq_node, rb), struct ktimer, node);

		if (after_key(t, expires, seq)) {
			best = t;
			n = n->left;
		} else {
			n = n->right;
		}
	}
	return best;
}

u32 ktimer_walk_step(enum ktimer_clock clock, struct ktimer_cursor *cur, u32 max,
		     void (*fn)(const struct ktimer *t, void *ctx), void *ctx)
{
	u32 flags = irq_save(), n = 0;
	struct timerq_node *node;

	if (!cur->started)
		node = timerq_first(&queues[clock]);
	else {
		struct ktimer *t = first_after(&queues[clock], cur->expires, cur->seq);

		node = t ? &t->node : NULL;
	}
	for (; node && n < max; node = timerq_next(node), n++) {
		const struct ktimer *t = container_of(node, struct ktimer, node);

		fn(t, ctx);
		cur->expires = t->node.expires;
		cur->seq = t->seq;
		cur->started = true;
	}
	irq_restore(flags);
	return n;
}
