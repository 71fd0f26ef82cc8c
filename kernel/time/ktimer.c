/*
 * The kernel timer service.
 *
 * Each clock has a timer queue (lib/timerqueue.h: sorted list indexed by a
 * red-black tree).  The IRQ 0 handler expires both queues, each at its own
 * clock's "now", then programs the PIT one-shot for the earliest deadline
 * of the two, the REALTIME one converted to monotonic time through the
 * current wall-clock offset.  With nothing armed no interrupt is asked for.
 *
 * Restarting from fn: the queue forbids the callback to touch its own node
 * (it is still linked while the callback runs), so ktimer_forward and
 * ktimer_start called from fn only note the new expiry; the callback of
 * the queue answers TIMERQ_DONE, and the timer goes on a short list that
 * is armed again once the queue's pass is over.  The new expiry is after
 * now, so it cannot be expired twice in one pass.
 *
 * Every operation runs under irq_save: IRQ 0 is the other party, and there
 * is one CPU.
 */
#include "kernel/time/ktimer.h"
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "lib/compiler.h"

#define KT_RUNNING 0x01	  /* fn is running now */
#define KT_RESTARTED 0x02 /* fn asked for a new expiry (pending_expires) */
#define KT_PENDING 0x08	  /* to be armed at pending_expires after the pass */
#define KT_STARTED 0x10	  /* ktimer_start from fn: armed whatever fn returns */
#define KT_LISTED 0x20	  /* on restart_list (cleared only when popped) */

static struct timerq queues[KTIMER_NR_CLOCKS];
static u64 programmed = KTIME_MAX; /* monotonic time of the next event asked */
static struct ktimer *restart_list;
static int expiring; /* inside an expiry pass: reprogram once at its end */

static bool is_armed(const struct ktimer *t)
{
	return timerq_is_armed(&t->node) || (t->flags & KT_PENDING);
}

/* The monotonic time at which a deadline of `clock` falls. */
static u64 to_monotonic(enum ktimer_clock clock, u64 deadline)
{
	s64 off;

	if (clock == KTIMER_MONOTONIC || deadline == KTIME_MAX)
		return deadline;
	off = clock_realtime_offset_ns();
	if (off >= 0)
		return deadline > (u64)off ? deadline - (u64)off : 0;
	return ktime_add_sat(deadline, (u64)-off);
}

/* Program the clock event for the earliest deadline; irqs off. */
static void reprogram(void)
{
	u64 next = KTIME_MAX;

	for (int c = 0; c < KTIMER_NR_CLOCKS; c++) {
		u64 d = to_monotonic(c, timerq_next_deadline(&queues[c]));
		if (d < next)
			next = d;
	}
	if (next == KTIME_MAX) {
		/* TSC: the device goes quiet; PIT clock source: its
		 * keep-alive one-shot */
		clockevent_stop();
		programmed = KTIME_MAX;
		return;
	}
	clockevent_program(next);
	/* a far deadline is clamped: the event comes earlier, and then
	 * this runs again */
	u64 limit = clock_monotonic_ns() + clockevent_max_delta_ns();
	programmed = next < limit ? next : limit;
}

static enum timerq_action expire_one(struct timerq *q, struct timerq_node *node, ktime_t now,
				     void *ctx)
{
	struct ktimer *t = container_of(node, struct ktimer, node);
	enum ktimer_restart r;

	(void)q;
	(void)ctx;
	t->flags = KT_RUNNING | (t->flags & KT_LISTED);
	r = t->fn(t, now);
	/*
	 * Re-armed if fn returned KTIMER_RESTART after moving its expiry,
	 * or if it called ktimer_start on itself.  KTIMER_RESTART without a
	 * new expiry would fire again at once, forever: taken as NORESTART.
	 */
	if ((r == KTIMER_RESTART && (t->flags & KT_RESTARTED)) || (t->flags & KT_STARTED)) {
		if (!(t->flags & KT_LISTED)) {
			t->restart_next = restart_list;
			restart_list = t;
		}
		t->flags = KT_PENDING | KT_LISTED;
	} else {
		t->flags &= KT_LISTED;
	}
	return TIMERQ_DONE;
}

static void arm_restarted(void)
{
	while (restart_list) {
		struct ktimer *t = restart_list;
		restart_list = t->restart_next;
		t->restart_next = NULL;
		if (t->flags & KT_PENDING) {
			t->flags = 0;
			timerq_arm(&queues[t->clock], &t->node, t->pending_expires);
		} else {
			t->flags &= (u8)~KT_LISTED;
		}
	}
}

static void expire_clock(enum ktimer_clock c, u64 now)
{
	timerq_expire(&queues[c], now, expire_one, NULL);
	arm_restarted();
}

/* The clock event handler: IRQ 0, interrupts off. */
static void ktimer_event(u64 now)
{
	programmed = KTIME_MAX; /* the one-shot has fired */
	expiring = 1;
	expire_clock(KTIMER_MONOTONIC, now);
	expire_clock(KTIMER_REALTIME, clock_realtime_ns());
	expiring = 0;
	reprogram();
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
	t->pending_expires = 0;
	t->restart_next = NULL;
	t->flags = 0;
}

void ktimer_start(struct ktimer *t, u64 expires_ns)
{
	u32 flags = irq_save();

	if (t->flags & (KT_RUNNING | KT_PENDING)) {
		/* from fn (or again before the pass re-arms it): note only */
		t->pending_expires = expires_ns;
		t->flags |= KT_RESTARTED | KT_STARTED;
		if (!(t->flags & KT_RUNNING))
			t->flags |= KT_PENDING;
	} else if (t->flags & KT_LISTED && !timerq_is_armed(&t->node)) {
		/* cancelled while on the restart list, started again in the
		 * same pass: let the list arm it */
		t->pending_expires = expires_ns;
		t->flags |= KT_PENDING;
	} else {
		timerq_arm(&queues[t->clock], &t->node, expires_ns);
		if (!expiring && to_monotonic(t->clock, expires_ns) < programmed)
			reprogram();
	}
	irq_restore(flags);
}

bool ktimer_cancel(struct ktimer *t)
{
	u32 flags = irq_save();
	bool was;

	if (t->flags & KT_RUNNING) {
		/* from its own fn: it is being expired; undo a restart */
		was = t->flags & KT_RESTARTED;
		t->flags &= (u8) ~(KT_RESTARTED | KT_STARTED);
	} else if (t->flags & KT_PENDING) {
		was = true;
		t->flags &= KT_LISTED; /* arm_restarted skips it */
	} else {
		/* no reprogramming: the event now due early finds nothing */
		was = timerq_disarm(&queues[t->clock], &t->node);
	}
	irq_restore(flags);
	return was;
}

bool ktimer_active(const struct ktimer *t)
{
	u32 flags = irq_save();
	bool a = is_armed(t) && !(t->flags & KT_RUNNING && !(t->flags & KT_RESTARTED));
	irq_restore(flags);
	return a;
}

u64 ktimer_expires(const struct ktimer *t)
{
	u32 flags = irq_save();
	u64 e = t->flags & (KT_RESTARTED | KT_PENDING) ? t->pending_expires : t->node.expires;
	irq_restore(flags);
	return e;
}

u64 ktimer_forward(struct ktimer *t, u64 now, u64 interval)
{
	u32 flags;
	u64 cur, next, added;

	if (interval == 0)
		return 0;
	flags = irq_save();
	cur = ktimer_expires(t);
	if (cur > now) {
		irq_restore(flags);
		return 0;
	}
	/* the count unsaturated (ktime_forward saturates at INT_MAX for
	 * POSIX's overrun; callers of this one get the whole number) */
	added = (now - cur) / interval + 1;
	ktime_forward(cur, interval, now, &next);
	if (t->flags & (KT_RUNNING | KT_PENDING)) {
		t->pending_expires = next;
		t->flags |= KT_RESTARTED;
	} else if (timerq_is_armed(&t->node)) {
		timerq_disarm(&queues[t->clock], &t->node);
		t->node.expires = next;
		timerq_arm(&queues[t->clock], &t->node, next);
		if (!expiring && to_monotonic(t->clock, next) < programmed)
			reprogram();
	} else {
		t->node.expires = next;
	}
	irq_restore(flags);
	return added;
}

void ktimer_clock_was_set(void)
{
	u32 flags = irq_save();

	/* the wall deadlines stand; "now" on their clock jumped */
	if (!expiring) {
		expiring = 1;
		expire_clock(KTIMER_REALTIME, clock_realtime_ns());
		expiring = 0;
		reprogram();
	}
	irq_restore(flags);
}

u32 ktimer_count(enum ktimer_clock clock)
{
	return clock < KTIMER_NR_CLOCKS ? timerq_count(&queues[clock]) : 0;
}
