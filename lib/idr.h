/*
 * The id allocator: small positive integers for pointers (timer ids).
 *
 * A radix tree of 32-slot layers, 5 bits of the id per level, as deep as the
 * largest id needs (at most 7 levels for INT_MAX).  Each layer has a "full"
 * bitmap: bit i is set when slot i is taken (a leaf layer) or when the
 * subtree below slot i has no free id (an inner layer).  Finding a free id
 * follows clear bits from the top, so allocation and lookup take one step
 * per level, whatever the number of ids in use.
 *
 * Ids are not handed out again at once after removal (the 2002 patch's
 * min_wrap idea): allocation searches from the id after the last one
 * allocated, and wraps to the lowest id only past the top of the range.  A
 * process that deletes a timer and creates another cannot get the same id
 * back and mistake a stale signal for the new timer's.
 *
 * Invariants (idr_check verifies them):
 *   D1. A layer's count is the number of its non-NULL slots; no layer is
 *       empty (an emptied layer is freed and its parent's slot cleared).
 *   D2. A leaf's full bit i is set iff slot i holds a pointer; an inner
 *       layer's full bit i is set iff slot i holds a layer whose bits are all
 *       set (every id below it is taken).
 *   D3. idr->count is the number of ids in use.
 *   D4. idr->spare[0..nspare) are layers out of the tree, all zero (an
 *       emptied layer is: every slot NULL, count and full 0), kept for the
 *       next layers needed; none while the tree is empty.  idr->layers
 *       counts them.
 *
 * The tree allocates its layers through callbacks (lib/ has no malloc); the
 * caller provides locking.
 */
#ifndef TICK386_LIB_IDR_H
#define TICK386_LIB_IDR_H

#include "lib/types.h"

#define IDR_BITS 5
#define IDR_SLOTS (1 << IDR_BITS)
#define IDR_MAX_LEVELS 7 /* 35 bits: covers every positive int */

struct idr_layer {
	void *slot[IDR_SLOTS]; /* leaf: the pointers; inner: struct idr_layer * */
	u32 full;
	u32 count;
};

struct idr {
	struct idr_layer *top;
	int levels;         /* height of the tree; 0 when empty */
	int min_id, max_id; /* the range handed out */
	int next;           /* where the next search starts */
	u32 count;
	u32 layers;         /* layers allocated now (tests: back to 0 when empty) */
	struct idr_layer *spare[IDR_MAX_LEVELS]; /* D4 */
	int nspare;
	void *(*alloc_layer)(size_t size); /* zeroed memory, or NULL */
	void (*free_layer)(void *layer);
};

/* Ids 1..INT_MAX. */
void idr_init(struct idr *idr, void *(*alloc_layer)(size_t), void (*free_layer)(void *));
/* Ids min..max (0 <= min <= max): for tests of wrapping and exhaustion. */
void idr_init_range(struct idr *idr, int min_id, int max_id, void *(*alloc_layer)(size_t),
		    void (*free_layer)(void *));

/*
 * A new id for ptr (not NULL): the first free id after the last one given,
 * wrapping once.  -EAGAIN when every id of the range is taken, -ENOMEM when
 * a layer cannot be allocated; in both cases nothing changes.
 */
int idr_alloc(struct idr *idr, void *ptr);

/* The pointer of id, or NULL. */
void *idr_find(const struct idr *idr, int id);

/*
 * The pointer of the smallest id in use that is >= *id, with that id in
 * *id; NULL when there is none.  At most a few dozen slots per level, so a
 * walk over every id in steps (one per call: /proc) is bounded per step.
 */
void *idr_get_next(const struct idr *idr, int *id);

/* Free id; returns its pointer, or NULL if it was not in use. */
void *idr_remove(struct idr *idr, int id);

/* Verify D1-D4; 0 or a negative IDR_CHECK_* code.  For tests. */
enum {
	IDR_CHECK_COUNT = -1,
	IDR_CHECK_FULL = -2,
	IDR_CHECK_EMPTY_LAYER = -3,
	IDR_CHECK_TOTAL = -4,
	IDR_CHECK_LAYERS = -5,
	IDR_CHECK_SPARE = -6,
};
int idr_check(const struct idr *idr);

#endif
