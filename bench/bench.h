/*
 * The timer queue benchmark (`make bench`) and its cross-check
 * (`make test-bench-build`): lib/timerqueue against three baselines written
 * for the benchmark only, all driven through the one interface below.
 *
 * Timers are numbered 0 .. capacity-1; each structure keeps its own array of
 * timer objects and the driver names them by number.  A timer's key packs
 * its expiry and its number:
 *
 *     key = expiry_ns << id_bits | id
 *
 * so no two armed timers ever have equal keys.  That keeps every structure's
 * expiry order the same (a binary heap is not FIFO among equals, the queue
 * is) and lets the check compare the order in which timers expired, exactly,
 * across structures.  Comparing keys is comparing expiries at ns resolution,
 * ties broken by number.
 */
#ifndef TICK386_BENCH_BENCH_H
#define TICK386_BENCH_BENCH_H

#include "lib/types.h"

#define BENCH_NONE UINT32_MAX /* first() of an empty structure */

struct bench_config {
	u32 capacity;		   /* timers 0 .. capacity-1 */
	unsigned id_bits;	   /* key = expiry_ns << id_bits | id */
	unsigned wheel_tick_shift; /* wheel tick = 2^shift key units */
};

struct bench_queue; /* one structure's state; each file defines its own */

struct bench_ops {
	const char *name;
	struct bench_queue *(*create)(const struct bench_config *cfg);
	void (*destroy)(struct bench_queue *q);
	/* Arm timer `id` at `key`; an armed timer moves (as disarm + arm). */
	void (*arm)(struct bench_queue *q, u32 id, u64 key);
	/* Disarm timer `id`, which is armed. */
	void (*disarm)(struct bench_queue *q, u32 id);
	/* The earliest armed timer (BENCH_NONE if none), its key in *key. */
	u32 (*first)(struct bench_queue *q, u64 *key);
	/*
	 * Optional: arm timers from a list already sorted by key, into an
	 * empty structure (the sorted list fills a million in O(n) this way;
	 * NULL: the driver arms them one by one, in random order).
	 */
	void (*fill_sorted)(struct bench_queue *q, const u64 *keys, u32 n);
	/* Verify the structure's invariants: 0, or a negative code. */
	int (*check)(struct bench_queue *q);
};

extern const struct bench_ops bench_timerqueue_ops;
size_t bench_timerqueue_node_size(void); /* sizeof(struct timerq_node) */
extern const struct bench_ops bench_list_ops;
extern const struct bench_ops bench_heap_ops;
extern const struct bench_ops bench_wheel_ops;

/*
 * A zeroed array for timers (huge pages when large, see memory.c); free()
 * releases it.
 */
void *bench_array(size_t count, size_t size);

static inline u32 bench_key_id(u64 key, unsigned id_bits)
{
	return (u32)(key & (((u64)1 << id_bits) - 1));
}

#endif
