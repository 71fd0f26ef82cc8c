/*
 * The trace ring (kernel/trace.c): records come back oldest first, a full
 * ring overwrites its oldest and counts them lost, a trace point that is
 * off records nothing, and a real sleep leaves PIT, IRQ 0 and wake records
 * in the order they happened.  Each case starts from an empty ring and
 * leaves tracing off.
 */
#include "kernel/ktest.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/trace.h"
#include "lib/string.h"

/* What trace_for_each showed: the records in the order given. */
struct seen {
	u32 count;
	struct trace_record first, last, prev;
	bool seq_in_order, ns_in_order;
	u32 a_in_order; /* records whose a is the previous one's + 1 */
};

static void see(const struct trace_record *r, void *ctx)
{
	struct seen *s = ctx;

	if (s->count == 0) {
		s->first = *r;
	} else {
		if (r->seq != s->prev.seq + 1)
			s->seq_in_order = false;
		if (r->ns < s->prev.ns)
			s->ns_in_order = false;
		if (r->a == s->prev.a + 1)
			s->a_in_order++;
	}
	s->prev = s->last = *r;
	s->count++;
}

static u32 look(struct seen *s)
{
	memset(s, 0, sizeof(*s));
	s->seq_in_order = s->ns_in_order = true;
	return trace_for_each(see, s);
}

static void fresh(void)
{
	trace_set(false);
	trace_clear();
}

static void test_order(struct ktest *t)
{
	struct seen s;

	fresh();
	trace_set(true);
	for (u64 i = 0; i < 10; i++)
		trace_event(TRACE_ARM, 7, 3, i, 100 + i);
	trace_set(false);
	KEXPECT_EQ(t, look(&s), 0);
	KEXPECT_EQ(t, s.count, 10);
	KEXPECT_EQ(t, s.first.type, TRACE_ARM);
	KEXPECT_EQ(t, s.first.pid, 7);
	KEXPECT_EQ(t, s.first.timer_id, 3);
	KEXPECT_EQ(t, s.first.a, 0);
	KEXPECT_EQ(t, s.first.b, 100);
	KEXPECT_EQ(t, s.last.a, 9);
	KEXPECT_EQ(t, s.a_in_order, 9);
	KEXPECT_TRUE(t, s.seq_in_order);
	KEXPECT_TRUE(t, s.ns_in_order);
}

static void test_wraparound(struct ktest *t)
{
	struct seen s;
	const u32 extra = 37;

	fresh();
	trace_set(true);
	for (u64 i = 0; i < TRACE_RING_RECORDS + extra; i++)
		trace_event(TRACE_EXPIRE, 1, 2, i, 0);
	trace_set(false);
	KEXPECT_EQ(t, look(&s), extra); /* lost: the oldest, overwritten */
	KEXPECT_EQ(t, s.count, TRACE_RING_RECORDS);
	KEXPECT_EQ(t, s.first.a, extra); /* the oldest left */
	KEXPECT_EQ(t, s.last.a, TRACE_RING_RECORDS + extra - 1);
	KEXPECT_EQ(t, s.a_in_order, TRACE_RING_RECORDS - 1);
	KEXPECT_TRUE(t, s.seq_in_order);
	KEXPECT_TRUE(t, s.ns_in_order);
	trace_clear();
	KEXPECT_EQ(t, look(&s), 0);
	KEXPECT_EQ(t, s.count, 0);
}

static void test_off_records_nothing(struct ktest *t)
{
	struct seen s;

	fresh();
	for (int i = 0; i < 100; i++)
		trace_event(TRACE_IRQ0, TRACE_PID_CURRENT, -1, 0, 0);
	/* a real timer path while off: sleep 1 ms (PIT, IRQ 0, wake) */
	sched_sleep(KTIMER_MONOTONIC, clock_monotonic_ns() + 1000000);
	KEXPECT_EQ(t, look(&s), 0);
	KEXPECT_EQ(t, s.count, 0);
}

/* Records of type `type` from index `from` on; the index of the first, or -1. */
struct find {
	unsigned type;
	u32 index, from;
	int found;
	struct trace_record r;
};

static void find_one(const struct trace_record *r, void *ctx)
{
	struct find *f = ctx;

	if (f->found < 0 && f->index >= f->from && r->type == f->type) {
		f->found = (int)f->index;
		f->r = *r;
	}
	f->index++;
}

static int find(unsigned type, int from, struct trace_record *out)
{
	struct find f = { .type = type, .from = from < 0 ? 0 : (u32)from, .found = -1 };

	if (from < 0)
		return -1;
	trace_for_each(find_one, &f);
	if (out)
		*out = f.r;
	return f.found;
}

static void test_sleep_path(struct ktest *t)
{
	struct trace_record pit, wake;
	u64 deadline;
	int i;

	fresh();
	trace_set(true);
	deadline = clock_monotonic_ns() + 2000000;
	sched_sleep(KTIMER_MONOTONIC, deadline);
	trace_set(false);
	/* the PIT asked for the deadline, then IRQ 0, then the sleeper's wake */
	i = -1;
	do
		i = find(TRACE_PIT, i + 1, &pit);
	while (i >= 0 && pit.b != deadline);
	KEXPECT_GE(t, i, 0);
	KEXPECT_GE(t, pit.a, 1); /* a count of ticks */
	i = find(TRACE_IRQ0, i, NULL);
	KEXPECT_GE(t, i, 0);
	i = find(TRACE_WAKE, i, &wake);
	KEXPECT_GE(t, i, 0);
	KEXPECT_EQ(t, wake.a, deadline);
	KEXPECT_EQ(t, wake.pid, current->pid);
	KEXPECT_GE(t, wake.ns, deadline);
	KEXPECT_GE(t, find(TRACE_IRQ0_EXIT, i, NULL), i);
	trace_clear();
}

static void test_format(struct ktest *t)
{
	struct trace_record r = { .ns = 1234, .type = TRACE_REARM, .pid = 5, .timer_id = 9,
				  .seq = 42, .a = 2000, .b = 3 };
	char line[160];

	trace_format(line, sizeof(line), &r);
	KEXPECT_EQ(t, strcmp(line, "1234 rearm seq=42 pid=5 timer=9 expires=2000 overrun=3"), 0);
	r.type = TRACE_IRQ0;
	trace_format(line, sizeof(line), &r);
	KEXPECT_EQ(t, strcmp(line, "1234 irq0 seq=42 pid=5"), 0);
}

KTEST_SUITE(trace, KTEST_CASE(test_order), KTEST_CASE(test_wraparound),
	    KTEST_CASE(test_off_records_nothing), KTEST_CASE(test_sleep_path),
	    KTEST_CASE(test_format));
