/*
 * make bench: ns per operation of timer structures, side by side.
 *
 * Structures: this kernel's queue (lib/timerqueue: sorted list indexed by a
 * red-black tree) and three baselines written for this benchmark: a plain
 * sorted list, a binary heap with an index for cancel, a hierarchical timing
 * wheel (bench_*.c).  Each runs the same operation sequences (same seeds) at
 * 100, 10,000 and 1,000,000 armed timers:
 *
 *   arm          arm idle timers at now + uniform(0, 10 s); disarmed again
 *                off the clock, so the population stays at n
 *   disarm       disarm random armed timers; re-armed off the clock
 *   expire-next  advance to the earliest deadline and expire one timer (the
 *                wheel: one of its earliest tick's); re-armed at
 *                now + uniform(0, 10 s) off the clock
 *   mix          an event loop: 45% "activity" moves a timer to now + its
 *                timeout, 15% cancel one and arm another, 40% expire the
 *                next and re-arm it by its period; timeouts 4 ms, 200 ms,
 *                1 s, 10 s (+ up to 1 us of jitter), by timer
 *   arm-timeout  as arm, but at now + the timer's mix timeout, the way
 *                kernels arm most timers (a relative timeout of a few
 *                usual lengths)
 *
 * Timer memory is laid out in random order relative to expiry, as in a
 * kernel whose timers are allocated as programs come and go.  Each figure
 * is the median over batches of up to 1000 operations (timed with
 * CLOCK_MONOTONIC around the batch).  The sorted
 * list is O(n) per arm: at 1,000,000 timers it runs only a few dozen
 * operations, enough for its order of magnitude.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/bench.h"

#define RANGE_NS 10000000000ull /* 10 s */
#define NOT_ARMED UINT32_MAX
#define MS 1000000ull

static const struct bench_ops *const structures[] = {
	&bench_timerq_ops,
	&bench_list_ops,
	&bench_heap_ops,
	&bench_wheel_ops,
};
#define NSTRUCT (sizeof(structures) / sizeof(structures[0]))
static const uint32_t sizes[] = {100, 10000, 1000000};
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))
static const char *const op_names[] = {"arm", "disarm", "expire-next", "mix", "arm-timeout"};
#define NOPS 5

static uint64_t rng;

static inline uint64_t rnd64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static inline uint32_t rnd(uint32_t n)
{
	return (uint32_t)(rnd64() % n);
}

static uint64_t clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The driver's view: which ids are armed, for picking one at random in O(1). */
struct run {
	const struct bench_ops *ops;
	void *s;
	uint32_t cap;	    /* ids 0..cap-1 */
	uint32_t *armed;    /* the armed ids, in any order */
	uint32_t *pos;	    /* id -> index in armed[], or NOT_ARMED */
	uint32_t n_armed;
	uint32_t *idle;	    /* the other ids */
	uint32_t n_idle;
	uint64_t now;
	uint32_t ids[64];
};

static void mark_armed(struct run *r, uint32_t id)
{
	if (r->pos[id] != NOT_ARMED)
		return;
	r->pos[id] = r->n_armed;
	r->armed[r->n_armed++] = id;
}

static void mark_idle(struct run *r, uint32_t id)
{
	uint32_t p = r->pos[id], last;

	if (p == NOT_ARMED)
		return;
	last = r->armed[--r->n_armed];
	r->armed[p] = last;
	r->pos[last] = p;
	r->pos[id] = NOT_ARMED;
	r->idle[r->n_idle++] = id;
}

static uint32_t take_idle(struct run *r)
{
	uint32_t i = rnd(r->n_idle), id = r->idle[i];

	r->idle[i] = r->idle[--r->n_idle];
	return id;
}

static uint64_t mix_timeout(uint32_t id)
{
	static const uint64_t timeouts[4] = {4 * MS, 200 * MS, 1000 * MS, 10000 * MS};

	return timeouts[id % 4] + rnd(1000);
}

struct keyed {
	uint64_t expires;
	uint32_t id;
};

static int cmp_keyed(const void *a, const void *b)
{
	uint64_t x = ((const struct keyed *)a)->expires, y = ((const struct keyed *)b)->expires;

	return x < y ? -1 : x > y;
}

/*
 * n armed timers in random ids, at now + uniform(0, 10 s), or for the mix at
 * a random point of each timer's own timeout.  They are armed in expiry
 * order, so that building even the sorted list costs O(n).
 */
static void setup(struct run *r, const struct bench_ops *ops, uint32_t n, uint32_t spare,
		  bool mix)
{
	struct keyed *keys = malloc(sizeof(*keys) * n);
	uint32_t *perm = malloc(sizeof(*perm) * (n + spare));

	r->ops = ops;
	r->cap = n + spare;
	r->now = 1000000000ull;
	r->s = ops->create(r->cap, r->now);
	r->armed = malloc(sizeof(uint32_t) * r->cap);
	r->pos = malloc(sizeof(uint32_t) * r->cap);
	r->idle = malloc(sizeof(uint32_t) * r->cap);
	r->n_armed = r->n_idle = 0;
	r->now = 1000000000ull;
	for (uint32_t i = 0; i < r->cap; i++) {
		perm[i] = i;
		r->pos[i] = NOT_ARMED;
	}
	for (uint32_t i = r->cap - 1; i > 0; i--) {
		uint32_t j = rnd(i + 1), t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (uint32_t i = 0; i < n; i++) {
		keys[i].id = perm[i];
		keys[i].expires = r->now + rnd64() % (mix ? mix_timeout(perm[i]) : RANGE_NS);
	}
	qsort(keys, n, sizeof(*keys), cmp_keyed);
	for (uint32_t i = 0; i < n; i++) {
		ops->arm(r->s, keys[i].id, keys[i].expires);
		mark_armed(r, keys[i].id);
	}
	for (uint32_t i = n; i < r->cap; i++)
		r->idle[r->n_idle++] = perm[i];
	free(keys);
	free(perm);
}

static void teardown(struct run *r)
{
	r->ops->destroy(r->s);
	free(r->armed);
	free(r->pos);
	free(r->idle);
}

/* One timed batch of `k` operations of kind `op`; returns ns spent. */
static uint64_t batch(struct run *r, int op, uint32_t k, uint32_t *done)
{
	static uint32_t tmp[1 << 16];
	const struct bench_ops *ops = r->ops;
	uint64_t t0, t1;
	uint32_t n = 0;

	switch (op) {
	case 0: /* arm */
	case 4: /* arm-timeout */
		for (uint32_t i = 0; i < k; i++)
			tmp[i] = take_idle(r);
		t0 = clock_ns();
		if (op == 0)
			for (uint32_t i = 0; i < k; i++)
				ops->arm(r->s, tmp[i], r->now + rnd64() % RANGE_NS);
		else
			for (uint32_t i = 0; i < k; i++)
				ops->arm(r->s, tmp[i], r->now + mix_timeout(tmp[i]));
		t1 = clock_ns();
		for (uint32_t i = 0; i < k; i++) {
			ops->disarm(r->s, tmp[i]);
			r->idle[r->n_idle++] = tmp[i];
		}
		*done = k;
		return t1 - t0;
	case 1: /* disarm */
		for (uint32_t i = 0; i < k; i++) {
			tmp[i] = r->armed[rnd(r->n_armed)];
			mark_idle(r, tmp[i]);
			r->n_idle--; /* not really idle: re-armed below */
		}
		t0 = clock_ns();
		for (uint32_t i = 0; i < k; i++)
			ops->disarm(r->s, tmp[i]);
		t1 = clock_ns();
		for (uint32_t i = 0; i < k; i++) {
			ops->arm(r->s, tmp[i], r->now + rnd64() % RANGE_NS);
			mark_armed(r, tmp[i]);
		}
		*done = k;
		return t1 - t0;
	case 2: /* expire-next */
		t0 = clock_ns();
		while (n < k) {
			uint32_t got = ops->expire_next(r->s, &r->now, r->ids);
			for (uint32_t i = 0; i < got && n < k; i++)
				tmp[n++] = r->ids[i];
		}
		t1 = clock_ns();
		for (uint32_t i = 0; i < n; i++)
			ops->arm(r->s, tmp[i], r->now + rnd64() % RANGE_NS);
		*done = n;
		return t1 - t0;
	case 3: /* mix */
	default:
		t0 = clock_ns();
		for (uint32_t i = 0; i < k; i++) {
			uint32_t x = rnd(100), id;
			if (x < 45) {
				id = r->armed[rnd(r->n_armed)];
				ops->arm(r->s, id, r->now + mix_timeout(id));
			} else if (x < 60) {
				id = r->armed[rnd(r->n_armed)];
				ops->disarm(r->s, id);
				mark_idle(r, id);
				id = take_idle(r);
				ops->arm(r->s, id, r->now + mix_timeout(id));
				mark_armed(r, id);
			} else {
				uint32_t got = ops->expire_next(r->s, &r->now, r->ids);
				for (uint32_t j = 0; j < got; j++)
					ops->arm(r->s, r->ids[j], r->now + mix_timeout(r->ids[j]));
			}
		}
		t1 = clock_ns();
		*done = k;
		return t1 - t0;
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * ns per operation of `op` on `n` timers: the median over batches, so that
 * a batch in which the process was preempted (the machine is shared) does
 * not count.
 */
static double measure(const struct bench_ops *ops, uint32_t n, int op, uint64_t seed)
{
	static double per_batch[4096];
	struct run r;
	uint32_t target = 200000, k = n / 10 < 1000 ? (n / 10 ? n / 10 : 1) : 1000;
	uint64_t ops_done = 0;
	unsigned batches = 0;

	if (ops == &bench_list_ops) {
		uint64_t t = 20000000ull / n;
		target = t < 20 ? 20 : t > 200000 ? 200000 : (uint32_t)t;
	}
	if (k > target)
		k = target;
	if (k < target / 4000 + 1)
		k = target / 4000 + 1;
	rng = seed;
	setup(&r, ops, n, k + 16, op >= 3);
	while (ops_done < target && batches < 4096) {
		uint32_t done;
		uint64_t ns = batch(&r, op, k, &done);
		per_batch[batches++] = (double)ns / (double)done;
		ops_done += done;
	}
	teardown(&r);
	qsort(per_batch, batches, sizeof(per_batch[0]), cmp_double);
	return per_batch[batches / 2];
}

/*
 * Before timing anything: the four structures must expire the same timers
 * in the same order (the wheel to within its 1024 ns tick) on a random run.
 */
static int self_check(void)
{
	enum { N = 3000, STEPS = 20000 };
	struct run r[NSTRUCT];
	static uint64_t seq[NSTRUCT][STEPS];
	uint32_t len[NSTRUCT];

	for (unsigned s = 0; s < NSTRUCT; s++) {
		const struct bench_ops *ops = structures[s];
		rng = 42;
		setup(&r[s], ops, N, 16, false);
		for (uint32_t i = 0; i < r[s].n_armed; i++) {
			uint32_t id = r[s].armed[i];
			ops->arm(r[s].s, id, (((r[s].now >> 10) / 4096 + 1 + rnd(256)) * 4096 + id) << 10);
		}
		len[s] = 0;
		for (int i = 0; i < STEPS; i++) {
			uint32_t x = rnd(10), id = r[s].armed[rnd(r[s].n_armed)];
			uint64_t block = (r[s].now >> 10) / 4096 + 1 + rnd(x < 4 ? 256 : 16);

			/*
			 * Every timer its own 1024 ns tick (tick = block * 4096 + id), so
			 * that no two are due together and the wheel's order is exact.
			 */
			if (x < 5) {
				if (x == 4)
					ops->disarm(r[s].s, id);
				ops->arm(r[s].s, id, (block * 4096 + id) << 10);
			} else {
				uint32_t got = ops->expire_next(r[s].s, &r[s].now, r[s].ids);
				for (uint32_t j = 0; j < got; j++) {
					id = r[s].ids[j];
					seq[s][len[s]++] = id;
					block = (r[s].now >> 10) / 4096 + 1 + rnd(64);
					ops->arm(r[s].s, id, (block * 4096 + id) << 10);
				}
			}
		}
		teardown(&r[s]);
	}
	for (unsigned s = 1; s < NSTRUCT; s++) {
		if (len[s] != len[0] || memcmp(seq[s], seq[0], len[0] * sizeof(seq[0][0]))) {
			uint32_t at = 0;
			while (at < len[0] && at < len[s] && seq[s][at] == seq[0][at])
				at++;
			fprintf(stderr, "bench: %s expires differently from %s (expiry %u of %u/%u)\n",
				structures[s]->name, structures[0]->name, at, len[s], len[0]);
			return -1;
		}
	}
	printf("self-check: %u expiries in the same order on all %zu structures\n", len[0],
	       NSTRUCT);
	return 0;
}

int main(void)
{
	static double result[NOPS][NSIZES][NSTRUCT];
	uint64_t start = clock_ns();

	/* BENCH_CELL="op n structure" measures one cell only (for profiling). */
	const char *cell = getenv("BENCH_CELL");
	if (cell) {
		char op_name[32], st_name[32];
		unsigned n;
		if (sscanf(cell, "%31s %u %31s", op_name, &n, st_name) == 3)
			for (int op = 0; op < NOPS; op++)
				for (unsigned s = 0; s < NSTRUCT; s++)
					if (!strcmp(op_name, op_names[op]) &&
					    !strcmp(st_name, structures[s]->name))
						printf("%s %u %s: %.1f ns/op\n", op_name, n, st_name,
						       measure(structures[s], n, op, 1));
		return 0;
	}
	if (self_check())
		return 1;
	for (unsigned z = 0; z < NSIZES; z++)
		for (int op = 0; op < NOPS; op++)
			for (unsigned s = 0; s < NSTRUCT; s++)
			{
				uint64_t t0 = clock_ns();
				result[op][z][s] =
					measure(structures[s], sizes[z], op, 0x1234567ull + 977 * op + z);
				if (getenv("BENCH_VERBOSE"))
					fprintf(stderr, "%-12s %8u %-7s %9.1f ns/op  (%.2f s)\n",
						op_names[op], sizes[z], structures[s]->name,
						result[op][z][s], (double)(clock_ns() - t0) / 1e9);
			}

	printf("\nns per operation (lower is better); ratio = structure / timerq\n\n");
	printf("%-12s %8s", "op", "timers");
	for (unsigned s = 0; s < NSTRUCT; s++)
		printf(" %9s", structures[s]->name);
	printf("   |");
	for (unsigned s = 1; s < NSTRUCT; s++)
		printf(" %8s", structures[s]->name);
	printf("\n");
	for (int op = 0; op < NOPS; op++) {
		for (unsigned z = 0; z < NSIZES; z++) {
			printf("%-12s %8u", op_names[op], sizes[z]);
			for (unsigned s = 0; s < NSTRUCT; s++)
				printf(" %9.1f", result[op][z][s]);
			printf("   |");
			for (unsigned s = 1; s < NSTRUCT; s++)
				printf(" %7.2fx", result[op][z][s] / result[op][z][0]);
			printf("\n");
		}
	}
	printf("\nwhole run: %.1f s (sorted list at 1e6: %u ops per cell)\n",
	       (double)(clock_ns() - start) / 1e9, 20u);
	return 0;
}
