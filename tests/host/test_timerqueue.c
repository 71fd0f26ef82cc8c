/*
 * Unit tests of lib/timerqueue: ordering, FIFO among equal expiries, the
 * fast paths, expiry (each node disarmed before its callback, which may
 * arm it again; what is armed during a pass waits for the next one), the
 * extremes of time, the invariant checker, and a randomized run of a
 * million operations checked against a simple reference model.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <cmocka.h>

#include "lib/timerqueue.h"

#define YEAR_NS (365ull * 24 * 3600 * 1000000000ull)

struct timer {
	struct timerq_node node;
	int id;
	/* reference model */
	bool armed;
	ktime_t expires;
	unsigned long long seq; /* arming order */
	/* what the callback should do: re-arm a period later (the test's
	 * own periodic timer: the queue knows no periods) */
	bool rearm;
	ktime_t interval;
};

#define MAX_FIRED 64
struct fired_log {
	int n;
	int ids[MAX_FIRED];
};

/* Logs the timer; a periodic one re-arms itself at its next period. */
static void log_cb(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct fired_log *log = ctx;
	struct timer *t = container_of(node, struct timer, node);
	ktime_t next;

	assert_false(timerq_is_armed(node)); /* disarmed before its callback */
	assert_true(node->expires <= now);
	assert_true(log->n < MAX_FIRED);
	log->ids[log->n] = t->id;
	log->n++;
	if (t->rearm && t->interval) {
		ktime_forward(node->expires, t->interval, now, &next);
		timerq_arm(q, node, next);
	}
}

static void init_timers(struct timer *t, int n)
{
	memset(t, 0, sizeof(*t) * n); /* zero-filled nodes are disarmed nodes */
	for (int i = 0; i < n; i++)
		t[i].id = i;
}

static void test_empty(void **state)
{
	(void)state;
	struct timerq q;
	struct fired_log log = {0};
	struct timer t;

	timerq_init(&q);
	init_timers(&t, 1);
	assert_null(timerq_first(&q));
	assert_true(timerq_next_deadline(&q) == KTIME_MAX);
	assert_true(timerq_expire(&q, KTIME_MAX - 1, log_cb, &log) == KTIME_MAX);
	assert_int_equal(log.n, 0);
	assert_false(timerq_is_armed(&t.node));
	assert_false(timerq_disarm(&q, &t.node));
	assert_int_equal(timerq_check(&q), 0);
	timerq_node_init(&t.node);
	assert_false(timerq_is_armed(&t.node));
	/* tree links and expiry: nothing else (lib/timerqueue.h); issue 16's
	 * aim: at most 40 bytes on x86-64 (20 on i386: the header asserts it) */
	printf("# sizeof(struct timerq_node) = %zu\n", sizeof(struct timerq_node));
	assert_true(sizeof(struct timerq_node) <= 40);
	assert_null(timerq_first(&q));
	assert_null(q.last);
}

static void test_order_and_fifo(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[8];
	struct fired_log log = {0};
	/* expiries, armed in this order; equal ones must fire in arming order */
	const ktime_t exp[8] = {50, 10, 50, 30, 10, 50, 5, 30};
	const int want[8] = {6, 1, 4, 3, 7, 0, 2, 5};

	timerq_init(&q);
	init_timers(t, 8);
	for (int i = 0; i < 8; i++) {
		timerq_arm(&q, &t[i].node, exp[i]);
		assert_int_equal(timerq_check(&q), 0);
	}
	assert_int_equal(timerq_count(&q), 8);
	assert_ptr_equal(timerq_first(&q), &t[6].node);
	assert_true(timerq_next_deadline(&q) == 5);
	/* Nothing due before 5. */
	assert_true(timerq_expire(&q, 4, log_cb, &log) == 5);
	assert_int_equal(log.n, 0);
	/* Up to 30 inclusive: 5, 10, 10, 30, 30. */
	assert_true(timerq_expire(&q, 30, log_cb, &log) == 50);
	assert_int_equal(log.n, 5);
	assert_true(timerq_expire(&q, 1000, log_cb, &log) == KTIME_MAX);
	assert_int_equal(log.n, 8);
	for (int i = 0; i < 8; i++)
		assert_int_equal(log.ids[i], want[i]);
	for (int i = 0; i < 8; i++)
		assert_false(timerq_is_armed(&t[i].node));
	assert_int_equal(timerq_count(&q), 0);
	assert_int_equal(timerq_check(&q), 0);
}

static void test_disarm_positions(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[5];
	struct fired_log log = {0};

	timerq_init(&q);
	init_timers(t, 5);
	for (int i = 0; i < 5; i++)
		timerq_arm(&q, &t[i].node, 100 + i);
	assert_true(timerq_disarm(&q, &t[0].node)); /* head */
	assert_true(timerq_disarm(&q, &t[2].node)); /* middle */
	assert_true(timerq_disarm(&q, &t[4].node)); /* tail */
	assert_false(timerq_disarm(&q, &t[2].node)); /* twice */
	assert_int_equal(timerq_check(&q), 0);
	assert_true(timerq_next_deadline(&q) == 101);
	timerq_expire(&q, 1000, log_cb, &log);
	assert_int_equal(log.n, 2);
	assert_int_equal(log.ids[0], 1);
	assert_int_equal(log.ids[1], 3);
}

/* Re-arming an armed timer moves it, and counts as a new arming for FIFO. */
static void test_rearm_moves(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[4];
	struct fired_log log = {0};

	timerq_init(&q);
	init_timers(t, 4);
	timerq_arm(&q, &t[0].node, 10);
	timerq_arm(&q, &t[1].node, 20);
	timerq_arm(&q, &t[2].node, 20);
	timerq_arm(&q, &t[3].node, 30);
	timerq_arm(&q, &t[0].node, 20); /* now after 1 and 2 */
	timerq_arm(&q, &t[3].node, 5);	/* now first */
	assert_int_equal(timerq_count(&q), 4);
	assert_int_equal(timerq_check(&q), 0);
	timerq_expire(&q, 100, log_cb, &log);
	assert_int_equal(log.n, 4);
	assert_int_equal(log.ids[0], 3);
	assert_int_equal(log.ids[1], 1);
	assert_int_equal(log.ids[2], 2);
	assert_int_equal(log.ids[3], 0);
}

/* Snapshot of every node's tree links, to see whether re-arming touched the tree. */
static void snapshot(struct timer *t, int n, struct rb_node *out)
{
	for (int i = 0; i < n; i++)
		out[i] = t[i].node.rb;
}

static void test_rearm_in_place(void **state)
{
	(void)state;
	enum { N = 64 };
	static struct timer t[N];
	struct rb_node before[N], after[N];
	struct timerq q;

	timerq_init(&q);
	init_timers(t, N);
	for (int i = 0; i < N; i++)
		timerq_arm(&q, &t[i].node, 1000 * (i + 1));
	snapshot(t, N, before);
	/* The first moves later but stays before the second: no tree change. */
	timerq_arm(&q, &t[0].node, 1999);
	/* A middle one moves within its gap, or onto its predecessor's expiry. */
	timerq_arm(&q, &t[10].node, 10000);
	timerq_arm(&q, &t[20].node, 21500);
	snapshot(t, N, after);
	assert_memory_equal(before, after, sizeof(before));
	assert_ptr_equal(timerq_first(&q), &t[0].node);
	assert_true(timerq_next_deadline(&q) == 1999);
	assert_int_equal(timerq_check(&q), 0);
	/* Onto the successor's expiry: must move behind it (FIFO), tree changes. */
	timerq_arm(&q, &t[0].node, 2000);
	assert_ptr_equal(timerq_first(&q), &t[1].node);
	assert_ptr_equal(timerq_next(&t[1].node), &t[0].node);
	assert_int_equal(timerq_check(&q), 0);
}

/* A callback re-arming its own timer later: expired again at that time. */
static void test_rearm_self_later(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[2];
	struct fired_log log = {0};

	timerq_init(&q);
	init_timers(t, 2);
	t[0].interval = 100;
	t[0].rearm = true;
	timerq_arm(&q, &t[0].node, 1000);
	timerq_arm(&q, &t[1].node, 1150);
	/* On time: re-armed at 1100, not before. */
	assert_true(timerq_expire(&q, 1000, log_cb, &log) == 1100);
	assert_int_equal(log.n, 1);
	assert_ptr_equal(timerq_first(&q), &t[0].node);
	assert_true(timerq_expire(&q, 1099, log_cb, &log) == 1100);
	assert_int_equal(log.n, 1);
	assert_true(timerq_expire(&q, 1100, log_cb, &log) == 1150);
	assert_int_equal(log.n, 2);
	assert_int_equal(log.ids[1], 0);
	/* At 1450, [1] (1150) then [0] (1200, 250 late): one callback, next
	 * period 1500. */
	assert_true(timerq_expire(&q, 1450, log_cb, &log) == 1500);
	assert_int_equal(log.n, 4);
	assert_int_equal(log.ids[2], 1);
	assert_int_equal(log.ids[3], 0);
	assert_true(t[0].node.expires == 1500);
	/* The callback stops re-arming it. */
	t[0].rearm = false;
	assert_true(timerq_expire(&q, 1500, log_cb, &log) == KTIME_MAX);
	assert_int_equal(log.n, 5);
	assert_false(timerq_is_armed(&t[0].node));
	assert_int_equal(timerq_check(&q), 0);
}

/* Arms its own timer `rearms` more times, each at `now - back`. */
struct past {
	struct timer *t;
	int rearms[4];
	ktime_t back;
	int fired[16];
	int n;
};

static void past_cb(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct past *p = ctx;
	struct timer *t = container_of(node, struct timer, node);

	assert_true(p->n < 16);
	p->fired[p->n++] = t->id;
	if (p->rearms[t->id] > 0) {
		p->rearms[t->id]--;
		timerq_arm(q, node, now - p->back);
	}
}

/*
 * A callback re-arming its timer at or before now: the call ends, having
 * handed the timer over once, and the timer is due for the next call; a
 * timer due after it in the same call is not starved.
 */
static void test_rearm_into_the_past(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[2];
	struct past p = {.t = t, .rearms = {5, 0}, .back = 1};

	timerq_init(&q);
	init_timers(t, 2);
	timerq_arm(&q, &t[0].node, 100);
	timerq_arm(&q, &t[1].node, 150);
	/* [0] fires, re-arms at 199; [1] still fires in this call. */
	assert_true(timerq_expire(&q, 200, past_cb, &p) == 199);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.fired[0], 0);
	assert_int_equal(p.fired[1], 1);
	assert_true(timerq_is_armed(&t[0].node));
	/* Each further call hands it over exactly once. */
	for (int i = 1; i <= 4; i++) {
		assert_true(timerq_expire(&q, 200, past_cb, &p) == 199);
		assert_int_equal(p.n, 2 + i);
	}
	assert_true(timerq_expire(&q, 200, past_cb, &p) == KTIME_MAX);
	assert_int_equal(p.n, 7);
	assert_false(timerq_is_armed(&t[0].node));

	/* Re-armed at exactly now (as "restart with the expiry unmoved"). */
	p = (struct past){.t = t, .rearms = {1, 0}, .back = 0};
	timerq_arm(&q, &t[0].node, 300);
	assert_true(timerq_expire(&q, 300, past_cb, &p) == 300);
	assert_int_equal(p.n, 1);
	assert_true(timerq_expire(&q, 300, past_cb, &p) == KTIME_MAX);
	assert_int_equal(p.n, 2);
	assert_int_equal(timerq_check(&q), 0);
}

/* Two callbacks arming each other's timer in the past: no endless ping-pong. */
static void ping_pong_cb(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct past *p = ctx;
	struct timer *t = container_of(node, struct timer, node);

	assert_true(p->n < 16);
	p->fired[p->n++] = t->id;
	if (p->rearms[t->id] > 0) {
		p->rearms[t->id]--;
		timerq_arm(q, &p->t[!t->id].node, now - p->back);
	}
}

static void test_ping_pong_in_the_past(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[2];
	struct past p = {.t = t, .rearms = {3, 3}, .back = 5};

	timerq_init(&q);
	init_timers(t, 2);
	timerq_arm(&q, &t[0].node, 10);
	assert_true(timerq_expire(&q, 20, ping_pong_cb, &p) == 15); /* [1] at 15 */
	assert_int_equal(p.n, 1);
	assert_true(timerq_expire(&q, 20, ping_pong_cb, &p) == 15); /* [0] at 15 */
	assert_int_equal(p.n, 2);
	assert_int_equal(p.fired[1], 1);
	assert_int_equal(timerq_check(&q), 0);
}

/* The extremes of time: "never" does not fire, and now == KTIME_MAX ends. */
static void test_time_extremes(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[2];
	struct fired_log log = {0};
	struct past p = {.t = t, .rearms = {1, 1}, .back = 0};

	timerq_init(&q);
	init_timers(t, 2);
	/* A periodic timer twenty years late: one callback, the next period. */
	t[0].interval = 1;
	t[0].rearm = true;
	timerq_arm(&q, &t[0].node, 7);
	assert_true(timerq_expire(&q, 7 + 20 * YEAR_NS, log_cb, &log) == 8 + 20 * YEAR_NS);
	assert_int_equal(log.n, 1);
	timerq_disarm(&q, &t[0].node);

	/* A timer at KTIME_MAX ("never") does not fire before the end of time. */
	timerq_arm(&q, &t[1].node, KTIME_MAX);
	assert_true(timerq_expire(&q, KTIME_MAX - 1, log_cb, &log) == KTIME_MAX);
	assert_int_equal(log.n, 1);
	assert_true(timerq_is_armed(&t[1].node));

	/* At now == KTIME_MAX nothing can go later: a timer re-armed at
	 * KTIME_MAX is due again, and the call still ends. */
	timerq_arm(&q, &t[0].node, KTIME_MAX - 10);
	assert_true(timerq_expire(&q, KTIME_MAX, past_cb, &p) == KTIME_MAX);
	assert_int_equal(p.n, 2);
	assert_true(timerq_is_armed(&t[0].node) && timerq_is_armed(&t[1].node));
	assert_true(timerq_expire(&q, KTIME_MAX, past_cb, &p) == KTIME_MAX);
	assert_int_equal(p.n, 4);
	assert_false(timerq_is_armed(&t[0].node) || timerq_is_armed(&t[1].node));
	assert_int_equal(timerq_check(&q), 0);
}

/* Callbacks that arm and disarm other timers. */
struct meddle {
	struct timer *t;
	int fired[8];
	int n;
	bool cancelled;
};

static void meddle_cb(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct meddle *m = ctx;
	struct timer *t = container_of(node, struct timer, node);

	m->fired[m->n++] = t->id;
	if (t->id == 0) {
		m->cancelled = timerq_disarm(q, &m->t[1].node); /* due too: never fires */
		timerq_arm(q, &m->t[2].node, now - 1);		/* in the past: next call */
		timerq_arm(q, &m->t[3].node, now + 10);		/* in the future: not now */
		timerq_arm(q, &m->t[4].node, now + 20);		/* due too, moved later */
		assert_int_equal(timerq_check(q), 0);
	}
}

static void test_callback_meddles(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[6];
	struct meddle m = {.t = t};

	timerq_init(&q);
	init_timers(t, 6);
	timerq_arm(&q, &t[0].node, 100);
	timerq_arm(&q, &t[1].node, 100);
	timerq_arm(&q, &t[4].node, 100);
	timerq_arm(&q, &t[5].node, 100);
	assert_true(timerq_expire(&q, 100, meddle_cb, &m) == 99);
	assert_int_equal(m.n, 2);
	assert_int_equal(m.fired[0], 0);
	assert_int_equal(m.fired[1], 5);
	assert_true(m.cancelled);
	assert_false(timerq_is_armed(&t[1].node));
	assert_true(timerq_is_armed(&t[2].node));
	assert_int_equal(timerq_count(&q), 3);
	assert_int_equal(timerq_check(&q), 0);
	/* the next call: [2], armed in the past during the last one */
	assert_true(timerq_expire(&q, 100, meddle_cb, &m) == 110);
	assert_int_equal(m.n, 3);
	assert_int_equal(m.fired[2], 2);
	assert_true(timerq_expire(&q, 120, meddle_cb, &m) == KTIME_MAX);
	assert_int_equal(m.n, 5);
	assert_int_equal(m.fired[3], 3);
	assert_int_equal(m.fired[4], 4);
}

/*
 * While its callback runs a node is disarmed: disarming it again says so,
 * and it can be armed and disarmed like any node.  A callback may run a
 * nested expiry of the same queue (as ktimer_clock_was_set could from a
 * timer): that takes only what the outer call has not, so nothing fires
 * twice.
 */
struct self {
	int fired[8];
	int n;
	bool disarm_answer;
};

static void self_cb(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct self *s = ctx;
	struct timer *t = container_of(node, struct timer, node);

	s->fired[s->n++] = t->id;
	assert_false(timerq_is_armed(node));
	assert_int_equal(timerq_check(q), 0);
	if (t->id == 0) {
		s->disarm_answer = timerq_disarm(q, node);
		timerq_arm(q, node, now + 5);
		assert_true(timerq_is_armed(node));
		assert_true(timerq_disarm(q, node));
		/* [1] was due with [0]: taken by the outer call, not this one */
		assert_true(timerq_expire(q, now, self_cb, ctx) == now + 1);
	}
}

static void test_node_disarmed_in_callback(void **state)
{
	(void)state;
	struct timerq q;
	struct timer t[3];
	struct self s = {.disarm_answer = true};

	timerq_init(&q);
	init_timers(t, 3);
	timerq_arm(&q, &t[0].node, 50);
	timerq_arm(&q, &t[1].node, 50);
	timerq_arm(&q, &t[2].node, 51);
	assert_true(timerq_expire(&q, 50, self_cb, &s) == 51);
	assert_false(s.disarm_answer);
	assert_int_equal(s.n, 2);
	assert_int_equal(s.fired[0], 0);
	assert_int_equal(s.fired[1], 1);
	assert_false(timerq_is_armed(&t[0].node));
	assert_int_equal(timerq_count(&q), 1);
	assert_int_equal(timerq_check(&q), 0);
}

static void test_check_detects(void **state)
{
	(void)state;
	enum { N = 20 };
	struct timer t[N];
	struct timerq q;

	timerq_init(&q);
	init_timers(t, N);
	for (int i = 0; i < N; i++)
		timerq_arm(&q, &t[i].node, 10 * i);
	assert_int_equal(timerq_check(&q), 0);
	t[5].node.expires = 1000; /* list out of order */
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_ORDER);
	t[5].node.expires = 50;
	q.count++;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_COUNT);
	q.count--;
	/* The kept ends (I3): not the tree's first, not its last. */
	q.first = &t[1].node;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_ENDS);
	q.first = &t[0].node;
	q.last = &t[N - 2].node;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_ENDS);
	q.last = NULL;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_ENDS);
	q.last = &t[N - 1].node;
	assert_int_equal(timerq_check(&q), 0);
	/* A broken red-black rule (I2): the root red. */
	q.tree.node->parent_colour &= ~(uintptr_t)RB_BLACK;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_TREE);
	q.tree.node->parent_colour |= RB_BLACK;
	/* A node that looks due (I6) inside the tree: its parent link is wrong. */
	uintptr_t word = t[3].node.rb.parent_colour;
	t[3].node.rb.parent_colour = TIMERQ_DUE;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_TREE);
	t[3].node.rb.parent_colour = word;
	assert_int_equal(timerq_check(&q), 0);
	/* A node missing from the tree: the count says so. */
	rb_erase(&t[3].node.rb, &q.tree);
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_COUNT);
}

/*
 * Every position in every small tree: for trees of 1..12 nodes built in many
 * orders (with equal expiries), each node in turn is disarmed, or re-armed
 * before the first, onto or near its own expiry and its neighbours', after
 * the last; then the queue must pass its checker and hold exactly the
 * model's nodes in (expiry, arming order), and the rest must leave from
 * either end.  This reaches each path of arm and disarm with the node at an
 * end or not, red or black, with no child, one or two: the inline fast paths
 * and the out-of-line ones.
 */
struct small {
	struct timer t[12];
	unsigned long long seq[12];
	int n;
};

static int cmp_small_key(const struct small *sm, int a, int b)
{
	const struct timer *x = &sm->t[a], *y = &sm->t[b];

	if (x->node.expires != y->node.expires)
		return x->node.expires < y->node.expires ? -1 : 1;
	return sm->seq[a] < sm->seq[b] ? -1 : sm->seq[a] > sm->seq[b];
}

static void check_small(struct timerq *q, const struct small *sm)
{
	int order[12], m = 0;
	struct timerq_node *pos;

	assert_int_equal(timerq_check(q), 0);
	for (int i = 0; i < sm->n; i++)
		if (timerq_is_armed(&sm->t[i].node))
			order[m++] = i;
	for (int i = 1; i < m; i++) /* insertion sort by (expiry, arming order) */
		for (int j = i; j > 0 && cmp_small_key(sm, order[j - 1], order[j]) > 0; j--) {
			int tmp = order[j];

			order[j] = order[j - 1];
			order[j - 1] = tmp;
		}
	assert_int_equal(timerq_count(q), m);
	pos = timerq_first(q);
	for (int i = 0; i < m; i++) {
		assert_ptr_equal(pos, &sm->t[order[i]].node);
		pos = timerq_next(pos);
	}
	assert_null(pos);
	assert_ptr_equal(q->last, m ? &sm->t[order[m - 1]].node : NULL);
}

static void test_every_position(void **state)
{
	(void)state;
	static struct small sm;
	struct timerq q;
	unsigned long long r = 0x9e3779b97f4a7c15ull;
	unsigned long cases = 0;

	for (int n = 1; n <= 12; n++) {
		for (int order = 0; order < 60; order++) {
			int perm[12];

			for (int i = 0; i < n; i++)
				perm[i] = i;
			for (int i = n - 1; i > 0; i--) { /* Fisher-Yates, xorshift */
				int j, tmp;

				r ^= r << 13;
				r ^= r >> 7;
				r ^= r << 17;
				j = (int)(r % (unsigned)(i + 1));
				tmp = perm[i];
				perm[i] = perm[j];
				perm[j] = tmp;
			}
			for (int k = 0; k < n; k++) {
				for (int action = 0; action < 9; action++) {
					const ktime_t own = 100 + 20 * (perm[k] / 2);
					const ktime_t to[9] = {0, 0,	   own - 20, own - 1, own,
							       own + 1, own + 20, 50,	 1000};

					timerq_init(&q);
					init_timers(sm.t, n);
					sm.n = n;
					/* expiries 100, 100, 120, 120, ...: pairs tie */
					for (int i = 0; i < n; i++) {
						timerq_arm(&q, &sm.t[i].node, 100 + 20 * (perm[i] / 2));
						sm.seq[i] = i;
					}
					check_small(&q, &sm);
					if (action == 0) {
						assert_true(timerq_disarm(&q, &sm.t[k].node));
						assert_false(timerq_is_armed(&sm.t[k].node));
					} else {
						timerq_arm(&q, &sm.t[k].node, to[action]);
						sm.seq[k] = n;
					}
					check_small(&q, &sm);
					/* the rest leaves, from the front or the back */
					while (timerq_first(&q)) {
						assert_true(timerq_disarm(
						    &q, action & 1 ? q.last : timerq_first(&q)));
						check_small(&q, &sm);
					}
					cases++;
				}
			}
		}
	}
	printf("# every position: %lu cases\n", cases);
}

/* ---- randomized run against a reference model ---- */

enum { POOL = 4096, OPS = 1000000, BATCH = 1000 };

static struct timer pool[POOL];
static struct timerq rq;
static ktime_t model_now;
static unsigned long long model_seq;
static unsigned long long rng;
static unsigned long long pass_seq;		      /* model_seq when this expire call began */
static unsigned long long last_key_exp, last_key_seq; /* last fired in this expire call */
static unsigned long n_fired, n_rearmed, n_past, n_inplace, n_meddled, n_due_after;

static unsigned long long rnd64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static unsigned rnd(unsigned n)
{
	return (unsigned)(rnd64() % n);
}

static void model_arm(struct timer *t, ktime_t expires)
{
	timerq_arm(&rq, &t->node, expires);
	t->armed = true;
	t->expires = expires;
	t->seq = model_seq++;
}

static void model_disarm(struct timer *t)
{
	assert_int_equal(timerq_disarm(&rq, &t->node), t->armed);
	t->armed = false;
}

/* The first period after now, in 128-bit arithmetic (saturated). */
static ktime_t ref_forward(ktime_t expires, ktime_t interval, ktime_t now)
{
	unsigned __int128 missed = (now - expires) / interval;
	unsigned __int128 next = (unsigned __int128)expires + (missed + 1) * interval;

	return next > KTIME_MAX ? KTIME_MAX : (ktime_t)next;
}

static bool key_less(ktime_t e1, unsigned long long s1, ktime_t e2, unsigned long long s2)
{
	return e1 < e2 || (e1 == e2 && s1 < s2);
}

static ktime_t random_expiry(void)
{
	switch (rnd(8)) {
	case 0: /* a tie with the current latest (tail path) */
		return rq.last ? rq.last->expires : model_now;
	case 1: /* in the past or now */
		return model_now - (model_now ? rnd64() % (model_now < 5000 ? model_now : 5000) : 0);
	case 2: /* coarse values, so that many expiries are equal */
		return model_now + 1000 * rnd(64);
	case 3: /* far future, saturating */
		return ktime_add_sat(model_now, rnd(2) ? KTIME_MAX - rnd(5) : rnd64());
	default:
		return model_now + rnd(200000);
	}
}

/*
 * The callback of the randomized run.  What the queue promises: the node is
 * disarmed; it is handed over in (expiry, arming order), and only if it
 * was armed before this expire call began and not disarmed or moved since.
 */
static void model_cb(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct timer *t = container_of(node, struct timer, node);

	(void)ctx;
	assert_ptr_equal(q, &rq);
	assert_false(timerq_is_armed(node));
	assert_true(t->armed);
	assert_true(t->expires == node->expires);
	assert_true(t->expires <= now);
	assert_true(t->seq < pass_seq);
	assert_true(key_less(last_key_exp, last_key_seq, t->expires, t->seq));
	last_key_exp = t->expires;
	last_key_seq = t->seq;
	t->armed = false;
	n_fired++;
	if (rnd(512) == 0)
		assert_int_equal(timerq_check(q), 0);

	/* Sometimes cancel, move or arm another timer from inside the callback. */
	if (rnd(32) == 0) {
		struct timer *o = &pool[rnd(POOL)];
		if (o != t) {
			n_meddled++;
			if (o->armed && rnd(2))
				model_disarm(o);
			else
				model_arm(o, random_expiry());
		}
	}

	/* A periodic timer re-arms itself a period later; others now and then
	 * at any time, in the past too (due at the next call). */
	if (t->interval && t->rearm && rnd(4)) {
		model_arm(t, ref_forward(t->expires, t->interval, now));
		n_rearmed++;
	} else if (rnd(16) == 0) {
		model_arm(t, random_expiry());
		n_past += t->expires <= now;
	}
}

static int cmp_model(const void *a, const void *b)
{
	const struct timer *x = *(struct timer *const *)a, *y = *(struct timer *const *)b;

	if (key_less(x->expires, x->seq, y->expires, y->seq))
		return -1;
	return key_less(y->expires, y->seq, x->expires, x->seq);
}

/* The queue's sorted list (timerq_first, timerq_next), node by node, equals the
 * model sorted by (expiry, arming order). */
static void compare_with_model(void)
{
	static struct timer *sorted[POOL];
	int n = 0;

	for (int i = 0; i < POOL; i++) {
		assert_int_equal(timerq_is_armed(&pool[i].node), pool[i].armed);
		if (pool[i].armed)
			sorted[n++] = &pool[i];
	}
	qsort(sorted, n, sizeof(sorted[0]), cmp_model);
	assert_int_equal(timerq_count(&rq), n);
	struct timerq_node *pos = timerq_first(&rq);
	for (int i = 0; i < n; i++) {
		assert_ptr_equal(pos, &sorted[i]->node);
		assert_true(sorted[i]->node.expires == sorted[i]->expires);
		pos = timerq_next(pos);
	}
	assert_null(pos);
	assert_ptr_equal(rq.last, n ? &sorted[n - 1]->node : NULL);
	assert_true(timerq_next_deadline(&rq) == (n ? sorted[0]->expires : KTIME_MAX));
}

static void test_random_vs_model(void **state)
{
	(void)state;
	const unsigned long long seed = 0x2545f4914f6cdd1dull;
	static const ktime_t intervals[] = {1, 3, 1000, 4096, 100000, 1000000000ull};

	rng = seed;
	printf("# timerqueue random: seed 0x%llx, %d ops, %d timers, check every %d\n", seed,
	       OPS, POOL, BATCH);
	timerq_init(&rq);
	init_timers(pool, POOL);
	model_now = 1000000;
	for (int op = 1; op <= OPS; op++) {
		struct timer *t = &pool[rnd(POOL)];
		unsigned r = rnd(100);

		if (r < 40) {
			/* arm (or move), sometimes as a periodic timer */
			t->interval = rnd(3) ? 0 : intervals[rnd(6)];
			t->rearm = rnd(2);
			model_arm(t, random_expiry());
		} else if (r < 60) {
			model_disarm(t);
		} else if (r < 85) {
			/* time passes (rarely by years), then expire */
			ktime_t step = rnd(10000) == 0 ? YEAR_NS * (1 + rnd(3)) : rnd(30000);
			ktime_t next;

			model_now += step;
			pass_seq = model_seq;
			last_key_exp = 0;
			last_key_seq = 0;
			next = timerq_expire(&rq, model_now, model_cb, NULL);
			assert_true(next == timerq_next_deadline(&rq));
			/* Still due: only what was armed during the call. */
			if (next <= model_now) {
				n_due_after++;
				assert_true(container_of(timerq_first(&rq), struct timer, node)->seq >=
					    pass_seq);
			}
			/* Everything due when the call began was handed over. */
			if (op % 64 == 0)
				for (struct timer *p = pool; p < pool + POOL; p++)
					assert_false(p->armed && p->expires <= model_now &&
						     p->seq < pass_seq);
		} else if (r < 95) {
			/* the deferred re-arm of a disarmed periodic timer at its
			 * first period after now (POSIX timers, at delivery) */
			if (!t->armed && t->interval)
				model_arm(t, t->node.expires > model_now
						     ? t->node.expires
						     : ref_forward(t->node.expires, t->interval,
								   model_now));
		} else {
			/* re-arm the first timer a little later: often stays first */
			struct timerq_node *first = timerq_first(&rq);
			if (first) {
				struct timer *f = container_of(first, struct timer, node);
				ktime_t e = ktime_add_sat(f->expires, rnd(3000));
				struct timerq_node *nx = timerq_next(first);
				if (!nx || e < nx->expires)
					n_inplace++;
				model_arm(f, e);
			}
		}
		if (op % BATCH == 0) {
			assert_int_equal(timerq_check(&rq), 0);
			compare_with_model();
		}
	}
	printf("# fired %lu, periodic re-arms %lu, re-arms in the past %lu, in-place %lu, "
	       "callbacks meddling %lu, calls ending with a timer due %lu, armed at end %u\n",
	       n_fired, n_rearmed, n_past, n_inplace, n_meddled, n_due_after, timerq_count(&rq));
	assert_true(n_fired > 10000 && n_rearmed > 1000 && n_past > 100 && n_inplace > 1000 &&
		    n_meddled > 1000 && n_due_after > 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_order_and_fifo),
		cmocka_unit_test(test_disarm_positions),
		cmocka_unit_test(test_rearm_moves),
		cmocka_unit_test(test_rearm_in_place),
		cmocka_unit_test(test_rearm_self_later),
		cmocka_unit_test(test_rearm_into_the_past),
		cmocka_unit_test(test_ping_pong_in_the_past),
		cmocka_unit_test(test_time_extremes),
		cmocka_unit_test(test_callback_meddles),
		cmocka_unit_test(test_node_disarmed_in_callback),
		cmocka_unit_test(test_check_detects),
		cmocka_unit_test(test_every_position),
		cmocka_unit_test(test_random_vs_model),
	};
	return cmocka_run_group_tests_name("timerqueue", tests, NULL, NULL);
}
