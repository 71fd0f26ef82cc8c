/*
 * Baseline 1: a plain sorted doubly linked list, the structure the timer
 * queue's list is without its tree index.
 *
 * Arming checks both ends first (later than the last: append; earlier than
 * the first: push in front), else walks from the tail backwards, on the bet
 * that new timeouts tend to be late ones.  A random expiry still costs a walk
 * over half the list on average: O(n), one cache miss per step once the list
 * outgrows the caches.  Equal keys would go after each other (FIFO).
 */
#include "bench/bench.h"
#include "lib/list.h"
#include <stdlib.h>

struct list_timer {
	struct list_head link; /* link.next == NULL: disarmed */
	u64 key;
};

struct bench_queue {
	struct list_head list;
	struct list_timer *timers;
	unsigned id_bits;
};

static struct list_timer *timer_of(struct list_head *link)
{
	return list_entry(link, struct list_timer, link);
}

static struct bench_queue *sl_create(const struct bench_config *cfg)
{
	struct bench_queue *q = malloc(sizeof(*q));

	if (!q)
		return NULL;
	q->timers = bench_array(cfg->capacity, sizeof(*q->timers));
	if (!q->timers) {
		free(q);
		return NULL;
	}
	list_init(&q->list);
	q->id_bits = cfg->id_bits;
	return q;
}

static void sl_destroy(struct bench_queue *q)
{
	free(q->timers);
	free(q);
}

static void sl_insert(struct bench_queue *q, struct list_timer *t)
{
	struct list_head *pos;

	if (list_empty(&q->list) || timer_of(q->list.prev)->key <= t->key) {
		list_add_tail(&t->link, &q->list);
		return;
	}
	if (t->key < timer_of(q->list.next)->key) {
		list_add(&t->link, &q->list);
		return;
	}
	/* The first node from the tail whose key is <= t's; the head stops it. */
	for (pos = q->list.prev->prev; timer_of(pos)->key > t->key; pos = pos->prev)
		;
	list_add(&t->link, pos);
}

static void sl_arm(struct bench_queue *q, u32 id, u64 key)
{
	struct list_timer *t = &q->timers[id];

	if (t->link.next) {
		struct list_head *prev = t->link.prev, *next = t->link.next;

		/* Still between its neighbours: only the key changes. */
		if ((prev == &q->list || timer_of(prev)->key <= key) &&
		    (next == &q->list || timer_of(next)->key > key)) {
			t->key = key;
			return;
		}
		list_del(&t->link);
	}
	t->key = key;
	sl_insert(q, t);
}

static void sl_disarm(struct bench_queue *q, u32 id)
{
	struct list_timer *t = &q->timers[id];

	list_del(&t->link);
	t->link.next = NULL;
}

static u32 sl_first(struct bench_queue *q, u64 *key)
{
	struct list_timer *t;

	if (list_empty(&q->list))
		return BENCH_NONE;
	t = timer_of(q->list.next);
	*key = t->key;
	return (u32)(t - q->timers);
}

/* Keys sorted: append each; the timer's number is in the key's low bits. */
static void sl_fill_sorted(struct bench_queue *q, const u64 *keys, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		struct list_timer *t = &q->timers[bench_key_id(keys[i], q->id_bits)];

		t->key = keys[i];
		list_add_tail(&t->link, &q->list);
	}
}

static int sl_check(struct bench_queue *q)
{
	struct list_head *pos;

	list_for_each(pos, &q->list)
	{
		if (pos->next->prev != pos)
			return -1;
		if (pos->next != &q->list && timer_of(pos)->key > timer_of(pos->next)->key)
			return -2;
	}
	return 0;
}

const struct bench_ops bench_list_ops = {
    .name = "sorted list",
    .create = sl_create,
    .destroy = sl_destroy,
    .arm = sl_arm,
    .disarm = sl_disarm,
    .first = sl_first,
    .fill_sorted = sl_fill_sorted,
    .check = sl_check,
};
