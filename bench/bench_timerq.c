/* The structure under test: lib/timerqueue (sorted list + red-black tree index). */
#include <stdlib.h>

#include "bench/bench.h"
#include "lib/timerqueue.h"

struct tq_timer {
	struct timerq_node node;
	uint32_t id;
};

struct tq_bench {
	struct timerq q;
	struct tq_timer *t;
};

static void *tq_create(uint32_t n, uint64_t start_ns)
{
	(void)start_ns;
	struct tq_bench *b = malloc(sizeof(*b));

	timerq_init(&b->q);
	b->t = calloc(n, sizeof(*b->t)); /* zeroed nodes are disarmed nodes */
	for (uint32_t i = 0; i < n; i++)
		b->t[i].id = i;
	return b;
}

static void tq_destroy(void *s)
{
	struct tq_bench *b = s;

	free(b->t);
	free(b);
}

static void tq_arm(void *s, uint32_t id, uint64_t expires)
{
	struct tq_bench *b = s;

	timerq_arm(&b->q, &b->t[id].node, expires);
}

static bool tq_disarm(void *s, uint32_t id)
{
	struct tq_bench *b = s;

	return timerq_disarm(&b->q, &b->t[id].node);
}

struct collect {
	uint32_t *ids;
	uint32_t n;
};

static enum timerq_action tq_collect(struct timerq *q, struct timerq_node *node, ktime_t now,
				     void *ctx)
{
	struct collect *c = ctx;

	(void)q;
	(void)now;
	if (c->n < 64)
		c->ids[c->n++] = container_of(node, struct tq_timer, node)->id;
	return TIMERQ_DONE;
}

static uint32_t tq_expire_next(void *s, uint64_t *now, uint32_t *ids)
{
	struct tq_bench *b = s;
	struct collect c = {ids, 0};
	ktime_t deadline = timerq_next_deadline(&b->q);

	if (deadline == KTIME_MAX)
		return 0;
	*now = deadline;
	timerq_expire(&b->q, deadline, tq_collect, &c);
	return c.n;
}

const struct bench_ops bench_timerq_ops = {
	.name = "timerq",
	.create = tq_create,
	.destroy = tq_destroy,
	.arm = tq_arm,
	.disarm = tq_disarm,
	.expire_next = tq_expire_next,
};
