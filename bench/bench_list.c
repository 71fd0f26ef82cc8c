/*
 * Baseline: one sorted doubly linked list, as the oldest kernels kept their
 * timers.  Earliest and removal are O(1); arming walks from the tail (new
 * timeouts tend to be late ones), O(n).
 */
#include <stdlib.h>

#include "bench/bench.h"
#include "lib/list.h"

struct sl_timer {
	struct list_head link;
	uint64_t expires;
	uint32_t id;
	bool armed;
};

struct sl_bench {
	struct list_head head;
	struct sl_timer *t;
};

static void *sl_create(uint32_t n, uint64_t start_ns)
{
	(void)start_ns;
	struct sl_bench *b = malloc(sizeof(*b));

	list_init(&b->head);
	b->t = calloc(n, sizeof(*b->t));
	for (uint32_t i = 0; i < n; i++)
		b->t[i].id = i;
	return b;
}

static void sl_destroy(void *s)
{
	struct sl_bench *b = s;

	free(b->t);
	free(b);
}

static bool sl_disarm(void *s, uint32_t id)
{
	struct sl_bench *b = s;
	struct sl_timer *t = &b->t[id];

	if (!t->armed)
		return false;
	list_del(&t->link);
	t->armed = false;
	return true;
}

static void sl_arm(void *s, uint32_t id, uint64_t expires)
{
	struct sl_bench *b = s;
	struct sl_timer *t = &b->t[id];
	struct list_head *pos;

	sl_disarm(s, id);
	t->expires = expires;
	/* Walk back to the last timer that expires no later (FIFO among equals). */
	for (pos = b->head.prev; pos != &b->head; pos = pos->prev)
		if (list_entry(pos, struct sl_timer, link)->expires <= expires)
			break;
	list_add(&t->link, pos);
	t->armed = true;
}

static uint32_t sl_expire_next(void *s, uint64_t *now, uint32_t *ids)
{
	struct sl_bench *b = s;
	uint32_t n = 0;

	if (list_empty(&b->head))
		return 0;
	*now = list_first_entry(&b->head, struct sl_timer, link)->expires;
	while (!list_empty(&b->head) && n < 64) {
		struct sl_timer *t = list_first_entry(&b->head, struct sl_timer, link);
		if (t->expires > *now)
			break;
		list_del(&t->link);
		t->armed = false;
		ids[n++] = t->id;
	}
	return n;
}

const struct bench_ops bench_list_ops = {
	.name = "list",
	.create = sl_create,
	.destroy = sl_destroy,
	.arm = sl_arm,
	.disarm = sl_disarm,
	.expire_next = sl_expire_next,
};
