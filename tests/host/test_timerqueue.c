/*
 * Host tests of lib/timerqueue.c: unit cases for each operation and its fast
 * paths, then a randomized run of a million mixed operations (arm, re-arm,
 * disarm, expire with periodic re-arming and overruns) checked after every
 * batch against a reference model (an array with an arming sequence number:
 * the expected order is by expiry, then by arming order) and timerq_check().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lib/timerqueue.h"

struct item {
	struct timerq_node node;
	int id;
	bool armed;        /* model */
	ktime_t expires;   /* model */
	unsigned long seq; /* model: arming order */
	int fired;
};

static struct item *item_of(struct timerq_node *n)
{
	return container_of(n, struct item, node);
}

/* ---- unit cases ---------------------------------------------------------- */

static enum timerq_action record_done(struct timerq *q, struct timerq_node *n, ktime_t now,
				      void *ctx)
{
	int **out = ctx;
	(void)q;
	(void)now;
	*(*out)++ = item_of(n)->id;
	return TIMERQ_DONE;
}

static void test_empty(void **state)
{
	struct timerq q;
	(void)state;
	timerq_init(&q);
	assert_null(timerq_first(&q));
	assert_true(timerq_next_deadline(&q) == KTIME_MAX);
	assert_int_equal(timerq_count(&q), 0);
	assert_int_equal(timerq_check(&q), 0);
	struct item a = {.id = 1};
	assert_false(timerq_disarm(&q, &a.node));
}

static void test_order_and_fifo(void **state)
{
	struct timerq q;
	struct item it[6] = {{.id = 0}, {.id = 1}, {.id = 2}, {.id = 3}, {.id = 4}, {.id = 5}};
	ktime_t when[6] = {50, 10, 50, 30, 10, 50};
	int got[6], *out = got;
	(void)state;

	timerq_init(&q);
	for (int i = 0; i < 6; i++) {
		timerq_arm(&q, &it[i].node, when[i]);
		assert_int_equal(timerq_check(&q), 0);
	}
	assert_ptr_equal(timerq_first(&q), &it[1].node);
	assert_true(timerq_expire(&q, 100, record_done, &out) == KTIME_MAX);
	int want[6] = {1, 4, 3, 0, 2, 5}; /* by expiry, equals in arming order */
	assert_memory_equal(got, want, sizeof(want));
	assert_int_equal(timerq_count(&q), 0);
}

static void test_rearm_equal_goes_after(void **state)
{
	struct timerq q;
	struct item a = {.id = 0}, b = {.id = 1}, c = {.id = 2};
	int got[3], *out = got;
	(void)state;
	timerq_init(&q);
	timerq_arm(&q, &a.node, 10);
	timerq_arm(&q, &b.node, 10);
	timerq_arm(&q, &c.node, 20);
	timerq_arm(&q, &a.node, 10); /* re-armed at the same time: now after b */
	assert_int_equal(timerq_check(&q), 0);
	timerq_expire(&q, 10, record_done, &out);
	assert_int_equal(out - got, 2);
	assert_int_equal(got[0], 1);
	assert_int_equal(got[1], 0);
}

static void test_disarm_any(void **state)
{
	struct timerq q;
	struct item it[100];
	(void)state;
	timerq_init(&q);
	for (int i = 0; i < 100; i++) {
		it[i] = (struct item){.id = i};
		timerq_arm(&q, &it[i].node, (ktime_t)((i * 37) % 100));
	}
	for (int i = 0; i < 100; i += 3) {
		assert_true(timerq_disarm(&q, &it[i].node));
		assert_false(timerq_is_armed(&it[i].node));
		assert_false(timerq_disarm(&q, &it[i].node));
		assert_int_equal(timerq_check(&q), 0);
	}
	assert_int_equal(timerq_count(&q), 100 - 34);
}

static enum timerq_action rearm_count(struct timerq *q, struct timerq_node *n, ktime_t now,
				      void *ctx)
{
	(void)q;
	int *overrun = ctx;
	*overrun = timerq_overrun(n, now);
	item_of(n)->fired++;
	return TIMERQ_REARM;
}

static void test_periodic_overrun_and_stays_first(void **state)
{
	struct timerq q;
	struct item p = {.id = 0}, later = {.id = 1};
	int overrun = -1;
	(void)state;
	timerq_init(&q);
	p.node.interval = 10;
	timerq_arm(&q, &p.node, 100);
	timerq_arm(&q, &later.node, 1000000);
	/* 35 ns late: periods at 110, 120, 130 missed, next at 140. */
	assert_true(timerq_expire(&q, 135, rearm_count, &overrun) == 140);
	assert_int_equal(overrun, 3);
	assert_int_equal(p.fired, 1);
	assert_ptr_equal(timerq_first(&q), &p.node);
	assert_int_equal(timerq_check(&q), 0);
	/* On time: no overrun. */
	assert_true(timerq_expire(&q, 140, rearm_count, &overrun) == 150);
	assert_int_equal(overrun, 0);
}

static void test_one_ns_interval_years_late(void **state)
{
	struct timerq q;
	struct item p = {.id = 0};
	int overrun = -1;
	(void)state;
	timerq_init(&q);
	p.node.interval = 1;
	timerq_arm(&q, &p.node, 1);
	ktime_t years = 10ull * 365 * 24 * 3600 * 1000000000ull;
	assert_true(timerq_expire(&q, years, rearm_count, &overrun) == years + 1);
	assert_int_equal(overrun, INT_MAX); /* saturated, computed without a loop */
	assert_int_equal(p.fired, 1);
}

static void test_forward_disarmed(void **state)
{
	struct timerq_node n = {.expires = 100, .interval = 10};
	(void)state;
	assert_int_equal(timerq_forward(&n, 99), 0);
	assert_true(n.expires == 100);
	assert_int_equal(timerq_forward(&n, 125), 2);
	assert_true(n.expires == 130);
	struct timerq_node one = {.expires = 5, .interval = 0};
	assert_int_equal(timerq_forward(&one, 1000), 0);
	assert_true(one.expires == 5);
}

static void test_check_catches_corruption(void **state)
{
	struct timerq q;
	struct item it[10];
	(void)state;
	timerq_init(&q);
	for (int i = 0; i < 10; i++) {
		it[i] = (struct item){.id = i};
		timerq_arm(&q, &it[i].node, (ktime_t)i * 10);
	}
	it[5].node.expires = 1; /* out of order behind the queue's back */
	assert_int_not_equal(timerq_check(&q), 0);
	it[5].node.expires = 50;
	assert_int_equal(timerq_check(&q), 0);
	q.count++;
	assert_int_equal(timerq_check(&q), TIMERQ_CHECK_COUNT);
}

/* ---- randomized, against a model ----------------------------------------- */

#define NITEMS 512
static struct item items[NITEMS];
static unsigned long seq_counter;
static ktime_t model_now;
static unsigned rng_state;

static unsigned rnd(void)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return rng_state >> 8;
}

/* The model's next item: armed, least expiry, then least seq. */
static struct item *model_first(void)
{
	struct item *best = NULL;
	for (int i = 0; i < NITEMS; i++) {
		struct item *x = &items[i];
		if (x->armed && (!best || x->expires < best->expires ||
				 (x->expires == best->expires && x->seq < best->seq)))
			best = x;
	}
	return best;
}

static enum timerq_action random_expire_fn(struct timerq *q, struct timerq_node *n,
					   ktime_t now, void *ctx)
{
	struct item *x = item_of(n), *want = model_first();
	(void)q;
	(void)ctx;
	assert_ptr_equal(x, want); /* the queue hands them over in the model's order */
	assert_true(x->expires <= now);
	if (x->node.interval && (rnd() & 1)) {
		ktime_t next;
		ktime_forward(x->expires, x->node.interval, now, &next);
		x->expires = next;
		x->seq = ++seq_counter;
		return TIMERQ_REARM;
	}
	x->armed = false;
	return TIMERQ_DONE;
}

static void test_random_million(void **state)
{
	struct timerq q;
	(void)state;
	rng_state = 20261203u;
	printf("# random timerq: seed %u, 1,000,000 operations, %d timers\n", rng_state, NITEMS);
	timerq_init(&q);
	for (int i = 0; i < NITEMS; i++)
		items[i] = (struct item){.id = i};
	model_now = 0;
	for (long op = 0; op < 1000000; op++) {
		struct item *x = &items[rnd() % NITEMS];
		unsigned kind = rnd() % 100;
		if (kind < 45) { /* arm or re-arm, often at equal times, often at the tail */
			ktime_t when = model_now + (rnd() % 4 == 0 ? 1000 : rnd() % 200);
			x->node.interval = rnd() % 3 == 0 ? 1 + rnd() % 50 : 0;
			timerq_arm(&q, &x->node, when);
			x->armed = true;
			x->expires = when;
			x->seq = ++seq_counter;
		} else if (kind < 75) {
			assert_int_equal(timerq_disarm(&q, &x->node), x->armed);
			x->armed = false;
		} else {
			model_now += rnd() % 60;
			ktime_t next = timerq_expire(&q, model_now, random_expire_fn, NULL);
			struct item *f = model_first();
			assert_true(next == (f ? f->expires : KTIME_MAX));
			assert_true(!f || f->expires > model_now);
		}
		if (op % 1000 == 0) {
			assert_int_equal(timerq_check(&q), 0);
			u32 armed = 0;
			for (int i = 0; i < NITEMS; i++) {
				armed += items[i].armed;
				assert_int_equal(timerq_is_armed(&items[i].node), items[i].armed);
				if (items[i].armed)
					assert_true(items[i].node.expires == items[i].expires);
			}
			assert_int_equal(timerq_count(&q), armed);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_order_and_fifo),
		cmocka_unit_test(test_rearm_equal_goes_after),
		cmocka_unit_test(test_disarm_any),
		cmocka_unit_test(test_periodic_overrun_and_stays_first),
		cmocka_unit_test(test_one_ns_interval_years_late),
		cmocka_unit_test(test_forward_disarmed),
		cmocka_unit_test(test_check_catches_corruption),
		cmocka_unit_test(test_random_million),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
