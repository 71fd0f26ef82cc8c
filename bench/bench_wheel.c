/*
 * Baseline: a hierarchical timing wheel with cascading (Varghese and Lauck;
 * the Linux timer wheel before 4.8).  Time is counted in ticks of 1024 ns.
 * Level 0 has 256 slots of one tick; levels 1-4 have 64 slots each, a slot
 * of level L spanning 2^(8+6(L-1)) ticks, 2^32 ticks (73 minutes) in all.
 * Arming and cancelling are O(1) list operations; as the wheel's clock
 * crosses a slot boundary of a level, that level's next slot is emptied
 * into the finer levels (cascade).  A bitmap per level lets expire-next skip
 * empty slots.  Its resolution is one tick: timers in the same tick expire
 * together, in arming order, not by their exact nanoseconds.
 */
#include <stdlib.h>

#include "bench/bench.h"
#include "lib/list.h"

#define TICK_SHIFT 10
#define L0_BITS 8
#define LN_BITS 6
#define L0_SLOTS (1u << L0_BITS)
#define LN_SLOTS (1u << LN_BITS)
#define LEVELS 5
#define NOT_ARMED (-1)

static const unsigned level_shift[LEVELS] = {0, 8, 14, 20, 26};

struct wh_timer {
	struct list_head link;
	uint64_t ticks;
	uint32_t id;
	int bucket;
};

struct wheel {
	struct list_head bucket[L0_SLOTS + (LEVELS - 1) * LN_SLOTS];
	uint64_t bm0[L0_SLOTS / 64]; /* non-empty slots of level 0 */
	uint64_t bm[LEVELS];	     /* levels 1..4 */
	uint64_t now;		     /* the wheel's clock, in ticks */
	uint32_t count;
	struct wh_timer *t;
};

static inline int bucket_of(unsigned level, unsigned slot)
{
	return level == 0 ? (int)slot : (int)(L0_SLOTS + (level - 1) * LN_SLOTS + slot);
}

static void set_bit_of(struct wheel *w, int b)
{
	if (b < (int)L0_SLOTS)
		w->bm0[b / 64] |= 1ull << (b % 64);
	else
		w->bm[1 + (b - L0_SLOTS) / LN_SLOTS] |= 1ull << ((b - L0_SLOTS) % LN_SLOTS);
}

static void clear_bit_of(struct wheel *w, int b)
{
	if (b < (int)L0_SLOTS)
		w->bm0[b / 64] &= ~(1ull << (b % 64));
	else
		w->bm[1 + (b - L0_SLOTS) / LN_SLOTS] &= ~(1ull << ((b - L0_SLOTS) % LN_SLOTS));
}

static void wh_add(struct wheel *w, struct wh_timer *t)
{
	uint64_t ticks = t->ticks < w->now ? w->now : t->ticks;
	uint64_t delta = ticks - w->now;
	int b;

	if (delta < L0_SLOTS) {
		b = bucket_of(0, ticks & (L0_SLOTS - 1));
	} else {
		unsigned level = 1;
		if (delta >= (1ull << 32))
			ticks = w->now + (1ull << 32) - 1; /* beyond the wheel: its last slot */
		while (level < LEVELS - 1 && delta >= (1ull << level_shift[level + 1]))
			level++;
		b = bucket_of(level, (ticks >> level_shift[level]) & (LN_SLOTS - 1));
	}
	list_add_tail(&t->link, &w->bucket[b]);
	set_bit_of(w, b);
	t->bucket = b;
	w->count++;
}

static void wh_del(struct wheel *w, struct wh_timer *t)
{
	list_del(&t->link);
	if (list_empty(&w->bucket[t->bucket]))
		clear_bit_of(w, t->bucket);
	t->bucket = NOT_ARMED;
	w->count--;
}

/* Empty slot `slot` of `level` into the finer levels. */
static void cascade_slot(struct wheel *w, unsigned level, unsigned slot)
{
	int b = bucket_of(level, slot);
	struct list_head *head = &w->bucket[b], *pos, *tmp;
	struct list_head moving;

	if (list_empty(head))
		return;
	/* Splice the slot's list onto a local head, then re-add each timer. */
	moving.next = head->next;
	moving.prev = head->prev;
	moving.next->prev = &moving;
	moving.prev->next = &moving;
	list_init(head);
	clear_bit_of(w, b);
	list_for_each_safe(pos, tmp, &moving) {
		struct wh_timer *t = list_entry(pos, struct wh_timer, link);
		w->count--;
		wh_add(w, t);
	}
}

/* w->now just reached a multiple of 256 ticks: cascade, coarsest level first. */
static void cascade(struct wheel *w)
{
	unsigned top = 1;

	while (top < LEVELS - 1 && ((w->now >> level_shift[top]) & (LN_SLOTS - 1)) == 0)
		top++;
	for (unsigned level = top; level >= 1; level--)
		cascade_slot(w, level, (w->now >> level_shift[level]) & (LN_SLOTS - 1));
}

static bool level0_empty(const struct wheel *w)
{
	return !(w->bm0[0] | w->bm0[1] | w->bm0[2] | w->bm0[3]);
}

/* First non-empty level-0 slot at or after `from`, or -1. */
static int level0_find(const struct wheel *w, unsigned from)
{
	for (unsigned word = from / 64; word < L0_SLOTS / 64; word++) {
		uint64_t bits = w->bm0[word];
		if (word == from / 64)
			bits &= ~0ull << (from % 64);
		if (bits)
			return (int)(word * 64 + __builtin_ctzll(bits));
	}
	return -1;
}

/* Move the clock to the first tick whose level-0 slot holds timers. */
static bool wh_advance(struct wheel *w)
{
	if (!w->count)
		return false;
	for (;;) {
		unsigned i0 = w->now & (L0_SLOTS - 1);
		int j = level0_find(w, i0);

		if (j >= 0) {
			w->now += (unsigned)j - i0;
			return true;
		}
		w->now = (w->now | (L0_SLOTS - 1)) + 1;
		cascade(w);
		while (level0_empty(w)) {
			/* Skip empty level-1 slots of this level-2 block in one step. */
			unsigned i1 = (w->now >> level_shift[1]) & (LN_SLOTS - 1);
			uint64_t ahead = i1 == LN_SLOTS - 1 ? 0 : w->bm[1] & (~0ull << (i1 + 1));

			if (ahead) {
				unsigned k = __builtin_ctzll(ahead);
				w->now = (w->now & ~((1ull << level_shift[2]) - 1)) |
					 ((uint64_t)k << level_shift[1]);
				cascade_slot(w, 1, k);
			} else {
				w->now = (w->now | ((1ull << level_shift[2]) - 1)) + 1;
				cascade(w);
			}
		}
	}
}

static void *wh_create(uint32_t n, uint64_t start_ns)
{
	struct wheel *w = calloc(1, sizeof(*w));

	for (unsigned i = 0; i < sizeof(w->bucket) / sizeof(w->bucket[0]); i++)
		list_init(&w->bucket[i]);
	w->now = start_ns >> TICK_SHIFT;
	w->t = calloc(n, sizeof(*w->t));
	for (uint32_t i = 0; i < n; i++) {
		w->t[i].id = i;
		w->t[i].bucket = NOT_ARMED;
	}
	return w;
}

static void wh_destroy(void *s)
{
	struct wheel *w = s;

	free(w->t);
	free(w);
}

static bool wh_disarm(void *s, uint32_t id)
{
	struct wheel *w = s;

	if (w->t[id].bucket == NOT_ARMED)
		return false;
	wh_del(w, &w->t[id]);
	return true;
}

static void wh_arm(void *s, uint32_t id, uint64_t expires)
{
	struct wheel *w = s;
	struct wh_timer *t = &w->t[id];

	if (t->bucket != NOT_ARMED)
		wh_del(w, t);
	t->ticks = expires >> TICK_SHIFT;
	wh_add(w, t);
}

static uint32_t wh_expire_next(void *s, uint64_t *now, uint32_t *ids)
{
	struct wheel *w = s;
	struct list_head *head;
	uint32_t n = 0;

	if (!wh_advance(w))
		return 0;
	/* The whole tick is due: report its last nanosecond as now. */
	*now = (w->now << TICK_SHIFT) + (1u << TICK_SHIFT) - 1;
	head = &w->bucket[w->now & (L0_SLOTS - 1)];
	/*
	 * One timer per call, as the other structures (which expire only the
	 * timers of one exact nanosecond); the rest of the tick follows in
	 * the next calls.
	 */
	struct wh_timer *t = list_first_entry(head, struct wh_timer, link);
	wh_del(w, t);
	ids[n++] = t->id;
	return n;
}

const struct bench_ops bench_wheel_ops = {
	.name = "wheel",
	.create = wh_create,
	.destroy = wh_destroy,
	.arm = wh_arm,
	.disarm = wh_disarm,
	.expire_next = wh_expire_next,
};
