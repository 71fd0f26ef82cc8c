/*
 * lib/timerqueue behind the benchmark's interface: no logic of its own, so
 * that what is measured is the library.  The timer objects are an array of
 * nodes; a node's number is its index.
 */
#include "bench/bench.h"
#include "lib/timerqueue.h"
#include <stdlib.h>

struct bench_queue {
	struct timerq q;
	struct timerq_node *nodes;
	unsigned id_bits;
};

static struct bench_queue *tq_create(const struct bench_config *cfg)
{
	struct bench_queue *bq = malloc(sizeof(*bq));

	if (!bq)
		return NULL;
	bq->nodes = bench_array(cfg->capacity, sizeof(*bq->nodes)); /* zero: disarmed */
	if (!bq->nodes) {
		free(bq);
		return NULL;
	}
	timerq_init(&bq->q);
	bq->id_bits = cfg->id_bits;
	return bq;
}

static void tq_destroy(struct bench_queue *bq)
{
	free(bq->nodes);
	free(bq);
}

static void tq_arm(struct bench_queue *bq, u32 id, u64 key)
{
	timerq_arm(&bq->q, &bq->nodes[id], key);
}

static void tq_disarm(struct bench_queue *bq, u32 id)
{
	timerq_disarm(&bq->q, &bq->nodes[id]);
}

static u32 tq_first(struct bench_queue *bq, u64 *key)
{
	struct timerq_node *node = timerq_first(&bq->q);

	if (!node)
		return BENCH_NONE;
	*key = node->expires;
	return (u32)(node - bq->nodes);
}

static int tq_check(struct bench_queue *bq)
{
	return timerq_check(&bq->q);
}

size_t bench_timerqueue_node_size(void)
{
	return sizeof(struct timerq_node);
}

const struct bench_ops bench_timerqueue_ops = {
    .name = "timerqueue",
    .create = tq_create,
    .destroy = tq_destroy,
    .arm = tq_arm,
    .disarm = tq_disarm,
    .first = tq_first,
    .fill_sorted = NULL,
    .check = tq_check,
};
