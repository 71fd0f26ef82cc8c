/*
 * Baseline 3: a hierarchical timing wheel with cascading (Varghese and
 * Lauck's scheme), 4 levels of 256 slots.
 *
 * Time is counted in ticks (a key >> tick_shift; the benchmark's tick is
 * 1024 ns, about the PIT's 838 ns input period).  A slot holds an unsorted
 * FIFO list of the timers due in its range; level L's slots are 256^L ticks
 * wide, so the four levels reach 2^32 ticks ahead.  Where a timer goes is
 * read off the bits of its tick and of the wheel's current tick `now`:
 *
 *     level = the highest 8-bit group in which tick and now differ
 *     slot  = tick's group at that level
 *
 * Invariants (wheel_check() verifies them):
 *   W1. a timer at level L, slot s agrees with `now` on every group above L
 *       and has s > now's group L (for L = 0: s >= now's group 0, and the
 *       slot now & 255 also holds timers already due, tick <= now);
 *   W2. a slot's bit in its level's bitmap is set iff its list is not empty;
 *   W3. timers 2^32 ticks or more ahead wait, unsorted, on an overflow list.
 *
 * Finding the earliest timer looks for the first occupied level-0 slot at or
 * after now; if none, the first occupied slot after now's group at level 1,
 * 2 or 3: `now` jumps to the start of that slot and the slot's timers are
 * re-placed ("cascaded") into the lower levels, which W1 guarantees are
 * otherwise empty.  A timer cascades at most 3 times.  Bitmaps make each
 * search a few word scans.
 *
 * Semantics differ from the other structures: a slot of level 0 is one tick,
 * and the timers in it come out in the order they reached it, not in key
 * order.  With a tick of one key unit (the check) the wheel is exact.
 */
#include "bench/bench.h"
#include "lib/list.h"
#include <stdlib.h>

#define WHEEL_LEVELS 4
#define WHEEL_GROUP_BITS 8
#define WHEEL_SLOTS (1u << WHEEL_GROUP_BITS)
#define WHEEL_WORDS (WHEEL_SLOTS / 64)
#define WHEEL_OVERFLOW 0xffffu /* slot number of a timer on the overflow list */

struct wheel_timer {
	struct list_head link; /* link.next == NULL: disarmed */
	u64 key;
	u16 slot; /* level * WHEEL_SLOTS + index, or WHEEL_OVERFLOW */
};

struct bench_queue {
	struct list_head slots[WHEEL_LEVELS][WHEEL_SLOTS];
	u64 bitmap[WHEEL_LEVELS][WHEEL_WORDS];
	struct list_head overflow;
	u64 now; /* the current tick */
	unsigned tick_shift;
	struct wheel_timer *timers;
	u32 capacity;
};

static struct wheel_timer *timer_of(struct list_head *link)
{
	return list_entry(link, struct wheel_timer, link);
}

static struct bench_queue *tw_create(const struct bench_config *cfg)
{
	struct bench_queue *q = calloc(1, sizeof(*q));

	if (!q)
		return NULL;
	q->timers = bench_array(cfg->capacity, sizeof(*q->timers));
	if (!q->timers) {
		free(q);
		return NULL;
	}
	for (unsigned l = 0; l < WHEEL_LEVELS; l++)
		for (unsigned s = 0; s < WHEEL_SLOTS; s++)
			list_init(&q->slots[l][s]);
	list_init(&q->overflow);
	q->tick_shift = cfg->wheel_tick_shift;
	q->capacity = cfg->capacity;
	return q;
}

static void tw_destroy(struct bench_queue *q)
{
	free(q->timers);
	free(q);
}

static unsigned group(u64 tick, unsigned level)
{
	return (unsigned)(tick >> (level * WHEEL_GROUP_BITS)) & (WHEEL_SLOTS - 1);
}

/* The first set bit at or after `from` in a level's bitmap, or -1. */
static int next_bit(const u64 *map, unsigned from)
{
	for (unsigned w = from / 64; w < WHEEL_WORDS; w++) {
		u64 bits = map[w];

		if (w == from / 64)
			bits &= ~(u64)0 << (from % 64);
		if (bits)
			return (int)(w * 64 + (unsigned)__builtin_ctzll(bits));
	}
	return -1;
}

/* Hang a disarmed (or just unhooked) timer where W1/W3 say. */
static void wheel_place(struct bench_queue *q, struct wheel_timer *t)
{
	u64 tick = t->key >> q->tick_shift;
	unsigned level, index;

	if (tick <= q->now) {
		level = 0; /* already due: the current slot */
		index = group(q->now, 0);
	} else {
		level = (63u - (unsigned)__builtin_clzll(tick ^ q->now)) / WHEEL_GROUP_BITS;
		if (level >= WHEEL_LEVELS) {
			list_add_tail(&t->link, &q->overflow);
			t->slot = WHEEL_OVERFLOW;
			return;
		}
		index = group(tick, level);
	}
	list_add_tail(&t->link, &q->slots[level][index]);
	q->bitmap[level][index / 64] |= (u64)1 << (index % 64);
	t->slot = (u16)(level * WHEEL_SLOTS + index);
}

static void wheel_unhook(struct bench_queue *q, struct wheel_timer *t)
{
	list_del(&t->link);
	t->link.next = NULL;
	if (t->slot != WHEEL_OVERFLOW) {
		unsigned level = t->slot / WHEEL_SLOTS, index = t->slot % WHEEL_SLOTS;

		if (list_empty(&q->slots[level][index]))
			q->bitmap[level][index / 64] &= ~((u64)1 << (index % 64));
	}
}

/*
 * Take every timer off `head` and place it again (against the new `now`).
 * The walk keeps the next node before re-placing one, and never reads the
 * old list's back links, which the re-placing leaves stale.
 */
static void wheel_replace_all(struct bench_queue *q, struct list_head *head)
{
	struct list_head *pos = head->next, *next;

	list_init(head);
	for (; pos != head; pos = next) {
		next = pos->next;
		wheel_place(q, timer_of(pos));
	}
}

static void tw_arm(struct bench_queue *q, u32 id, u64 key)
{
	struct wheel_timer *t = &q->timers[id];

	if (t->link.next)
		wheel_unhook(q, t);
	t->key = key;
	wheel_place(q, t);
}

static void tw_disarm(struct bench_queue *q, u32 id)
{
	wheel_unhook(q, &q->timers[id]);
}

/* The earliest timer's slot: advance `now` to it, cascading on the way. */
static u32 tw_first(struct bench_queue *q, u64 *key)
{
	for (;;) {
		struct list_head *pos, moving;
		u64 min_tick = ~(u64)0;
		int index = next_bit(q->bitmap[0], group(q->now, 0));
		unsigned level;

		if (index >= 0) {
			struct wheel_timer *t;

			q->now = (q->now & ~(u64)(WHEEL_SLOTS - 1)) | (unsigned)index;
			t = timer_of(q->slots[0][index].next);
			*key = t->key;
			return (u32)(t - q->timers);
		}
		for (level = 1; level < WHEEL_LEVELS; level++) {
			index = next_bit(q->bitmap[level], group(q->now, level) + 1);
			if (index >= 0)
				break;
		}
		if (level < WHEEL_LEVELS) {
			unsigned shift = level * WHEEL_GROUP_BITS;
			u64 span = ((u64)1 << (shift + WHEEL_GROUP_BITS)) - 1;

			/* Levels below are empty (W1): jump to the slot's start. */
			q->now = (q->now & ~span) | ((u64)index << shift);
			q->bitmap[level][index / 64] &= ~((u64)1 << (index % 64));
			wheel_replace_all(q, &q->slots[level][index]);
			continue;
		}
		if (list_empty(&q->overflow))
			return BENCH_NONE;
		/* The wheel is empty: jump to the earliest overflow timer. */
		list_for_each(pos, &q->overflow)
		{
			u64 tick = timer_of(pos)->key >> q->tick_shift;

			if (tick < min_tick)
				min_tick = tick;
		}
		q->now = min_tick;
		moving = q->overflow;
		moving.next->prev = &moving;
		moving.prev->next = &moving;
		list_init(&q->overflow);
		wheel_replace_all(q, &moving);
	}
}

static int tw_check(struct bench_queue *q)
{
	u32 armed = 0, listed = 0;
	struct list_head *pos;

	for (unsigned l = 0; l < WHEEL_LEVELS; l++) {
		unsigned above = (l + 1) * WHEEL_GROUP_BITS;

		for (unsigned s = 0; s < WHEEL_SLOTS; s++) {
			bool bit = q->bitmap[l][s / 64] >> (s % 64) & 1;

			if (bit == list_empty(&q->slots[l][s]))
				return -1; /* W2 */
			list_for_each(pos, &q->slots[l][s])
			{
				struct wheel_timer *t = timer_of(pos);
				u64 tick = t->key >> q->tick_shift;

				if (t->slot != l * WHEEL_SLOTS + s)
					return -2;
				if (l == 0 && s == group(q->now, 0) && tick <= q->now) {
					listed++; /* due */
					continue;
				}
				if (tick >> above != q->now >> above || group(tick, l) != s ||
				    (l == 0 ? s < group(q->now, 0) : s <= group(q->now, l)))
					return -3; /* W1 */
				listed++;
			}
		}
	}
	list_for_each(pos, &q->overflow)
	{
		struct wheel_timer *t = timer_of(pos);
		u64 tick = t->key >> q->tick_shift;

		if (t->slot != WHEEL_OVERFLOW || tick <= q->now ||
		    (tick ^ q->now) >> (WHEEL_LEVELS * WHEEL_GROUP_BITS) == 0)
			return -4; /* W3 */
		listed++;
	}
	for (u32 id = 0; id < q->capacity; id++)
		armed += q->timers[id].link.next != NULL;
	return armed == listed ? 0 : -5;
}

const struct bench_ops bench_wheel_ops = {
    .name = "timing wheel",
    .create = tw_create,
    .destroy = tw_destroy,
    .arm = tw_arm,
    .disarm = tw_disarm,
    .first = tw_first,
    .fill_sorted = NULL,
    .check = tw_check,
};
