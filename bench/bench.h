/*
 * The timer-structure benchmark (make bench): this kernel's timer queue
 * against baselines written for the comparison.  Every structure manages
 * timers named by ids 0..n-1 behind the same small interface, so the driver
 * (bench.c) runs identical operation sequences on each.
 */
#ifndef TICK386_BENCH_BENCH_H
#define TICK386_BENCH_BENCH_H

#include <stdbool.h>
#include <stdint.h>

struct bench_ops {
	const char *name;
	void *(*create)(uint32_t n_timers, uint64_t start_ns); /* now at the start */
	void (*destroy)(void *s);
	/* Arm (or move) timer `id` to expire at `expires` ns (>= the current now). */
	void (*arm)(void *s, uint32_t id, uint64_t expires);
	/* Disarm `id`; true if it was armed. */
	bool (*disarm)(void *s, uint32_t id);
	/*
	 * Advance to the earliest deadline, expire what is due at it, store
	 * the expired ids in `ids` (room for at least 64) and that deadline
	 * in *now.  Returns how many expired (0: nothing armed).
	 */
	uint32_t (*expire_next)(void *s, uint64_t *now, uint32_t *ids);
};

extern const struct bench_ops bench_timerq_ops;
extern const struct bench_ops bench_list_ops;
extern const struct bench_ops bench_heap_ops;
extern const struct bench_ops bench_wheel_ops;

#endif
