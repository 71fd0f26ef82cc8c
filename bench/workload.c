/*
 * Workload scripts (see workload.h).  Every random choice is made here, from
 * the generator's state, before the clock starts; bench_execute() only
 * replays a script against a structure.
 */
#include "bench/workload.h"
#include <stdlib.h>
#include <string.h>

const char *const bench_workload_name[BW_COUNT] = {
    [BW_PERIODIC] = "fast: periodic re-arm, stays first",
    [BW_TAIL] = "fast: arm at the tail (+ disarm it)",
    [BW_ARM] = "arm at random (+ disarm it)",
    [BW_DISARM] = "disarm random (+ re-arm it)",
    [BW_EXPIRE] = "expire-next (+ re-arm later)",
    [BW_MIX] = "mix 40/30/30",
    [BW_EARLIEST] = "fast: earliest",
    [BW_POP] = "fast: pop (+ arm it at the tail)",
};

const char *const bench_workload_short[BW_COUNT] = {
    [BW_PERIODIC] = "periodic", [BW_TAIL] = "tail",	[BW_ARM] = "arm",
    [BW_DISARM] = "disarm",	[BW_EXPIRE] = "expire", [BW_MIX] = "mix",
    [BW_EARLIEST] = "earliest", [BW_POP] = "pop",
};

/* splitmix64 (Steele, Lea, Flood 2014): a 64-bit counter through a mixer. */
u64 bench_random(struct bench_gen *g)
{
	u64 z = (g->rng += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A uniform number in [0, n), by multiply-and-shift of 32 random bits. */
static u32 random_below(struct bench_gen *g, u32 n)
{
	return (u32)(((bench_random(g) >> 32) * n) >> 32);
}

static u32 random_delay(struct bench_gen *g)
{
	return 1 + (u32)(bench_random(g) & (g->span_ns - 1));
}

static u64 key_of(u64 ns, u32 id, unsigned id_bits)
{
	return ns << id_bits | id;
}

int bench_gen_init(struct bench_gen *g, u32 n, u64 seed, u64 span_ns)
{
	u32 *ids;

	g->rng = seed;
	g->span_ns = span_ns;
	g->n = n;
	g->capacity = n + BENCH_POOL;
	g->id_bits = 64 - (unsigned)__builtin_clzll(g->capacity - 1);
	g->pool_turn = 0;
	ids = malloc(g->capacity * sizeof(*ids));
	if (!ids)
		return -1;
	/* A random permutation (Fisher-Yates): the first n are armed. */
	for (u32 i = 0; i < g->capacity; i++)
		ids[i] = i;
	for (u32 i = g->capacity - 1; i > 0; i--) {
		u32 j = random_below(g, i + 1), tmp = ids[i];

		ids[i] = ids[j];
		ids[j] = tmp;
	}
	g->armed = ids;
	g->pool = ids + n;
	return 0;
}

void bench_gen_free(struct bench_gen *g)
{
	free(g->armed); /* pool is the same block */
}

static int compare_keys(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return (x > y) - (x < y);
}

int bench_fill(struct bench_gen *g, struct bench_run *r)
{
	u64 *keys = malloc(g->n * sizeof(*keys));

	if (!keys)
		return -1;
	for (u32 i = 0; i < g->n; i++)
		keys[i] =
		    key_of(BENCH_BASE_NS + BENCH_GAP_NS + random_delay(g), g->armed[i], g->id_bits);
	if (r->ops->fill_sorted) {
		qsort(keys, g->n, sizeof(*keys), compare_keys);
		r->ops->fill_sorted(r->q, keys, g->n);
	} else {
		for (u32 i = 0; i < g->n; i++) /* in the random order of armed[] */
			r->ops->arm(r->q, g->armed[i], keys[i]);
	}
	free(keys);
	r->now_ns = BENCH_BASE_NS + BENCH_GAP_NS;
	r->latest_ns = BENCH_BASE_NS + BENCH_GAP_NS + g->span_ns;
	return 0;
}

int bench_setup(struct bench_gen *g, struct bench_run *r, const struct bench_ops *ops, u32 n,
		u64 seed, u64 span_ns, int tick_log2_ns)
{
	struct bench_config cfg;

	if (bench_gen_init(g, n, seed, span_ns))
		return -1;
	cfg.capacity = g->capacity;
	cfg.id_bits = g->id_bits;
	cfg.wheel_tick_shift = tick_log2_ns < 0 ? 0 : g->id_bits + (unsigned)tick_log2_ns;
	memset(r, 0, sizeof(*r));
	r->ops = ops;
	r->id_bits = g->id_bits;
	r->q = ops->create(&cfg);
	if (!r->q)
		return -1;
	return bench_fill(g, r);
}

/*
 * The periodic workload needs a first timer with room before the second:
 * armed[0] moves to the start of time, BENCH_GAP_NS before the fill, and
 * steps by BENCH_PERIOD_NS (the runs take it far less than the gap).
 * Afterwards it goes back among the others and `now` to the fill's start.
 */
void bench_periodic_setup(struct bench_gen *g, struct bench_run *r)
{
	r->ops->arm(r->q, g->armed[0], key_of(BENCH_BASE_NS, g->armed[0], g->id_bits));
	r->now_ns = BENCH_BASE_NS;
}

void bench_periodic_teardown(struct bench_gen *g, struct bench_run *r)
{
	u64 ns = BENCH_BASE_NS + BENCH_GAP_NS + random_delay(g);

	r->ops->arm(r->q, g->armed[0], key_of(ns, g->armed[0], g->id_bits));
	r->now_ns = BENCH_BASE_NS + BENCH_GAP_NS;
}

static u32 next_free(struct bench_gen *g)
{
	return g->pool[g->pool_turn++ % BENCH_POOL];
}

void bench_script(struct bench_gen *g, enum bench_workload w, struct bench_op *ops, u32 count)
{
	for (u32 i = 0; i < count; i++) {
		struct bench_op *op = &ops[i];

		op->a = op->b = 0;
		op->delta_ns = 0;
		switch (w) {
		case BW_PERIODIC:
			op->kind = OP_EXPIRE;
			op->delta_ns = BENCH_PERIOD_NS;
			break;
		case BW_TAIL:
			op->kind = OP_TAIL_DISARM;
			op->a = next_free(g);
			break;
		case BW_ARM:
			op->kind = OP_ARM_DISARM;
			op->a = next_free(g);
			op->delta_ns = random_delay(g);
			break;
		case BW_DISARM:
			op->kind = OP_DISARM_REARM;
			op->a = g->armed[random_below(g, g->n)];
			op->delta_ns = random_delay(g);
			break;
		case BW_EXPIRE:
			op->kind = OP_EXPIRE;
			op->delta_ns = random_delay(g);
			break;
		case BW_MIX: {
			u32 choice = random_below(g, 10);

			op->delta_ns = random_delay(g);
			if (choice < 4) {
				/*
				 * A connection's timeout armed, an older one cancelled
				 * (they trade places): one length, the longest in use.
				 */
				u32 slot = random_below(g, BENCH_POOL),
				    victim = random_below(g, g->n);

				op->kind = OP_ARM_NEW_OLD;
				op->delta_ns = (u32)g->span_ns; /* the longest timeout in use */
				op->a = g->pool[slot];
				op->b = g->armed[victim];
				g->pool[slot] = op->b;
				g->armed[victim] = op->a;
			} else if (choice < 7) {
				op->kind = OP_REARM;
				op->a = g->armed[random_below(g, g->n)];
			} else {
				op->kind = OP_EXPIRE;
			}
			break;
		}
		case BW_EARLIEST:
			op->kind = OP_FIRST;
			break;
		case BW_POP:
			op->kind = OP_POP_TAIL;
			break;
		default:
			abort();
		}
	}
}

void bench_execute(struct bench_run *r, const struct bench_op *ops, u32 count)
{
	const struct bench_ops *s = r->ops;
	struct bench_queue *q = r->q;
	unsigned id_bits = r->id_bits;
	u64 now = r->now_ns, latest = r->latest_ns, key, ns;
	u32 id;

	for (u32 i = 0; i < count; i++) {
		const struct bench_op *op = &ops[i];

		ns = now + op->delta_ns;
		switch (op->kind) {
		case OP_ARM_DISARM:
			s->arm(q, op->a, key_of(ns, op->a, id_bits));
			s->disarm(q, op->a);
			break;
		case OP_TAIL_DISARM:
			ns = ++latest;
			s->arm(q, op->a, key_of(ns, op->a, id_bits));
			s->disarm(q, op->a);
			break;
		case OP_DISARM_REARM:
			s->disarm(q, op->a);
			s->arm(q, op->a, key_of(ns, op->a, id_bits));
			break;
		case OP_EXPIRE:
			id = s->first(q, &key);
			now = key >> id_bits;
			if (r->trace)
				r->trace[r->traced++] = key;
			ns = now + op->delta_ns;
			s->arm(q, id, key_of(ns, id, id_bits));
			break;
		case OP_ARM_NEW_OLD:
			s->arm(q, op->a, key_of(ns, op->a, id_bits));
			s->disarm(q, op->b);
			break;
		case OP_REARM:
			s->arm(q, op->a, key_of(ns, op->a, id_bits));
			break;
		case OP_FIRST:
			s->first(q, &key);
			if (r->trace)
				r->trace[r->traced++] = key;
			break;
		case OP_POP_TAIL:
			id = s->first(q, &key);
			if (r->trace)
				r->trace[r->traced++] = key;
			s->disarm(q, id);
			ns = ++latest;
			s->arm(q, id, key_of(ns, id, id_bits));
			break;
		}
		if (ns > latest)
			latest = ns;
	}
	r->now_ns = now;
	r->latest_ns = latest;
}
