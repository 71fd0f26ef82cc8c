/*
 * Baseline: a binary min-heap in an array, with each timer's position kept
 * in the timer so that cancelling needs no search.  The keys are copied
 * into the array, so sifting compares without touching the timers; moving
 * an entry updates its timer's index.
 */
#include <stdlib.h>

#include "bench/bench.h"

#define NOT_ARMED UINT32_MAX

struct heap_entry {
	uint64_t expires;
	uint32_t id;
};

struct heap_bench {
	struct heap_entry *heap;
	uint32_t *index; /* id -> position in heap, or NOT_ARMED */
	uint32_t size;
};

static void *heap_create(uint32_t n, uint64_t start_ns)
{
	(void)start_ns;
	struct heap_bench *b = malloc(sizeof(*b));

	b->heap = malloc(sizeof(*b->heap) * n);
	b->index = malloc(sizeof(*b->index) * n);
	for (uint32_t i = 0; i < n; i++)
		b->index[i] = NOT_ARMED;
	b->size = 0;
	return b;
}

static void heap_destroy(void *s)
{
	struct heap_bench *b = s;

	free(b->heap);
	free(b->index);
	free(b);
}

static inline void heap_place(struct heap_bench *b, uint32_t pos, struct heap_entry e)
{
	b->heap[pos] = e;
	b->index[e.id] = pos;
}

/* Ties compare as "not less": an entry does not climb over an equal one. */
static void sift_up(struct heap_bench *b, uint32_t pos, struct heap_entry e)
{
	while (pos > 0) {
		uint32_t parent = (pos - 1) / 2;
		if (b->heap[parent].expires <= e.expires)
			break;
		heap_place(b, pos, b->heap[parent]);
		pos = parent;
	}
	heap_place(b, pos, e);
}

static void sift_down(struct heap_bench *b, uint32_t pos, struct heap_entry e)
{
	for (;;) {
		uint32_t child = 2 * pos + 1;
		if (child >= b->size)
			break;
		if (child + 1 < b->size && b->heap[child + 1].expires < b->heap[child].expires)
			child++;
		if (e.expires <= b->heap[child].expires)
			break;
		heap_place(b, pos, b->heap[child]);
		pos = child;
	}
	heap_place(b, pos, e);
}

/* Remove the entry at pos: the last entry fills the hole and moves up or down. */
static void heap_remove_at(struct heap_bench *b, uint32_t pos)
{
	struct heap_entry last = b->heap[--b->size];

	b->index[b->heap[pos].id] = NOT_ARMED;
	if (pos == b->size)
		return;
	if (pos > 0 && last.expires < b->heap[(pos - 1) / 2].expires)
		sift_up(b, pos, last);
	else
		sift_down(b, pos, last);
}

static void heap_arm(void *s, uint32_t id, uint64_t expires)
{
	struct heap_bench *b = s;
	uint32_t pos = b->index[id];
	struct heap_entry e = {expires, id};

	if (pos == NOT_ARMED) {
		sift_up(b, b->size++, e);
	} else if (pos > 0 && expires < b->heap[(pos - 1) / 2].expires) {
		sift_up(b, pos, e); /* a changed key moves in place */
	} else {
		sift_down(b, pos, e);
	}
}

static bool heap_disarm(void *s, uint32_t id)
{
	struct heap_bench *b = s;

	if (b->index[id] == NOT_ARMED)
		return false;
	heap_remove_at(b, b->index[id]);
	return true;
}

static uint32_t heap_expire_next(void *s, uint64_t *now, uint32_t *ids)
{
	struct heap_bench *b = s;
	uint32_t n = 0;

	if (!b->size)
		return 0;
	*now = b->heap[0].expires;
	while (b->size && b->heap[0].expires <= *now && n < 64) {
		ids[n++] = b->heap[0].id;
		heap_remove_at(b, 0);
	}
	return n;
}

const struct bench_ops bench_heap_ops = {
	.name = "heap",
	.create = heap_create,
	.destroy = heap_destroy,
	.arm = heap_arm,
	.disarm = heap_disarm,
	.expire_next = heap_expire_next,
};
