/*
 * Baseline 2: a binary min-heap with an index for cancel.
 *
 * The heap is an array where entry i's children are 2i+1 and 2i+2 and every
 * entry's key is <= its children's, so the earliest timer is entry 0.  Each
 * entry carries its key inline (comparisons never leave the array), and each
 * timer knows its position in the array (pos), updated whenever an entry
 * moves: that is what lets a timer be cancelled or moved without a search.
 *
 *   arm     append at the end, sift up:     O(log n) worst, O(1) on average
 *                                          for random keys (most entries are
 *                                          near the bottom)
 *   disarm  the last entry fills the hole, sifted up or down: O(log n)
 *   move    sift from its position:         O(log n)
 *   first   entry 0:                       O(1)
 *
 * Sifting moves a hole instead of swapping: the entries on the path shift by
 * one step and the moving entry is written once, at the end.
 */
#include "bench/bench.h"
#include <stdlib.h>

#define HEAP_NONE UINT32_MAX /* pos of a disarmed timer */

struct heap_entry {
	u64 key;
	u32 id;
};

struct bench_queue {
	struct heap_entry *heap;
	u32 *pos; /* pos[id]: index in heap[], or HEAP_NONE */
	u32 n;
	u32 capacity;
};

static struct bench_queue *bh_create(const struct bench_config *cfg)
{
	struct bench_queue *q = calloc(1, sizeof(*q));

	if (!q)
		return NULL;
	q->heap = bench_array(cfg->capacity, sizeof(*q->heap));
	q->pos = bench_array(cfg->capacity, sizeof(*q->pos));
	if (!q->heap || !q->pos) {
		free(q->heap);
		free(q->pos);
		free(q);
		return NULL;
	}
	for (u32 i = 0; i < cfg->capacity; i++)
		q->pos[i] = HEAP_NONE;
	q->capacity = cfg->capacity;
	return q;
}

static void bh_destroy(struct bench_queue *q)
{
	free(q->heap);
	free(q->pos);
	free(q);
}

static void bh_place(struct bench_queue *q, u32 i, struct heap_entry e)
{
	q->heap[i] = e;
	q->pos[e.id] = i;
}

/* Put `e` at the hole `i` or above it. */
static void bh_sift_up(struct bench_queue *q, u32 i, struct heap_entry e)
{
	while (i > 0) {
		u32 parent = (i - 1) / 2;

		if (q->heap[parent].key <= e.key)
			break;
		bh_place(q, i, q->heap[parent]);
		i = parent;
	}
	bh_place(q, i, e);
}

/* Put `e` at the hole `i` or below it. */
static void bh_sift_down(struct bench_queue *q, u32 i, struct heap_entry e)
{
	u32 child;

	while ((child = 2 * i + 1) < q->n) {
		if (child + 1 < q->n && q->heap[child + 1].key < q->heap[child].key)
			child++;
		if (e.key <= q->heap[child].key)
			break;
		bh_place(q, i, q->heap[child]);
		i = child;
	}
	bh_place(q, i, e);
}

/* Put `e` at the hole `i`, up or down as its key asks. */
static void bh_sift(struct bench_queue *q, u32 i, struct heap_entry e)
{
	if (i > 0 && e.key < q->heap[(i - 1) / 2].key)
		bh_sift_up(q, i, e);
	else
		bh_sift_down(q, i, e);
}

static void bh_arm(struct bench_queue *q, u32 id, u64 key)
{
	struct heap_entry e = {.key = key, .id = id};
	u32 i = q->pos[id];

	if (i == HEAP_NONE)
		bh_sift_up(q, q->n++, e);
	else
		bh_sift(q, i, e); /* a move: the entry's own slot is the hole */
}

static void bh_disarm(struct bench_queue *q, u32 id)
{
	u32 i = q->pos[id];
	struct heap_entry last = q->heap[--q->n];

	q->pos[id] = HEAP_NONE;
	if (i != q->n)
		bh_sift(q, i, last);
}

static u32 bh_first(struct bench_queue *q, u64 *key)
{
	if (!q->n)
		return BENCH_NONE;
	*key = q->heap[0].key;
	return q->heap[0].id;
}

static int bh_check(struct bench_queue *q)
{
	u32 armed = 0;

	for (u32 i = 0; i < q->n; i++) {
		if (q->pos[q->heap[i].id] != i)
			return -1;
		if (i > 0 && q->heap[(i - 1) / 2].key > q->heap[i].key)
			return -2;
	}
	for (u32 id = 0; id < q->capacity; id++)
		armed += q->pos[id] != HEAP_NONE;
	return armed == q->n ? 0 : -3;
}

const struct bench_ops bench_heap_ops = {
    .name = "binary heap",
    .create = bh_create,
    .destroy = bh_destroy,
    .arm = bh_arm,
    .disarm = bh_disarm,
    .first = bh_first,
    .fill_sorted = NULL,
    .check = bh_check,
};
