/*
 * The benchmark's workloads: scripts of operations, generated from one seed
 * before the clock starts, then run against any structure.
 *
 * Virtual time: the driver keeps `now`, the expiry of the timer it last took
 * off the front (expire-next), and arms timers at now + a random delay in
 * (0, span] (BENCH_SPAN_NS in the benchmark; the check also tries shorter
 * spans, to crowd the wheel's lower levels).  The set of armed timers, the free pool and every
 * random number depend only on the seed, never on the structure, so every
 * structure gets the same sequence; the exact ones (queue, list, heap) then
 * also expire the same timers in the same order, which the check verifies.
 */
#ifndef TICK386_BENCH_WORKLOAD_H
#define TICK386_BENCH_WORKLOAD_H

#include "bench/bench.h"

#define BENCH_SPAN_NS (1ull << 30)     /* the benchmark's delays: up to ~1.07 s */
#define BENCH_BASE_NS (1ull << 30)     /* virtual time of the start */
#define BENCH_GAP_NS (1ull << 31)      /* the fill starts this far after the start */
#define BENCH_PERIOD_NS 1024ull	       /* the periodic timer's interval */
#define BENCH_POOL 16u		       /* free timers beyond the N armed ones */
#define BENCH_SEED 0x7469636b333836ull /* "tick386" */

enum bench_workload {
	BW_PERIODIC, /* fast path: the first timer re-armed one period later, still first */
	BW_TAIL,     /* fast path: arm a free timer after every armed one, disarm it */
	BW_ARM,	     /* arm a free timer at a random time, disarm it */
	BW_DISARM,   /* disarm a random armed timer, re-arm it at a random time */
	BW_EXPIRE,   /* take the earliest timer, re-arm it at a random later time */
	BW_MIX,	     /* 40% arm a new timeout (now + span) + cancel a random armed one,
		      * 30% re-arm a random armed one at a random time, 30% expire-next */
	BW_EARLIEST, /* fast path: look at the earliest timer */
	BW_POP,	     /* fast path: take the earliest off, arm it after every armed one */
	BW_COUNT
};

extern const char *const bench_workload_name[BW_COUNT];
extern const char *const bench_workload_short[BW_COUNT]; /* for the command line */

enum bench_op_kind {
	OP_ARM_DISARM,	 /* arm a, disarm a */
	OP_TAIL_DISARM,	 /* arm a after every timer armed so far, disarm a */
	OP_DISARM_REARM, /* disarm a, arm a */
	OP_EXPIRE,	 /* first, re-arm it at its expiry + delta */
	OP_ARM_NEW_OLD,	 /* arm a, disarm b */
	OP_REARM,	 /* arm (move) a */
	OP_FIRST,	 /* first */
	OP_POP_TAIL,	 /* first, disarm it, arm it after every timer armed so far */
};

struct bench_op {
	u32 kind;
	u32 a, b;
	u32 delta_ns;
};

/* The seed-determined state: armed set, free pool, random numbers. */
struct bench_gen {
	u64 rng;
	u64 span_ns;  /* delays are uniform in (0, span_ns], a power of two */
	u32 n;	      /* timers kept armed */
	u32 capacity; /* n + BENCH_POOL */
	unsigned id_bits;
	u32 *armed; /* armed[0 .. n-1]: the armed timers' numbers */
	u32 *pool;  /* pool[0 .. BENCH_POOL-1]: the free ones */
	u32 pool_turn;
};

/* The run-time state of one structure under a script. */
struct bench_run {
	const struct bench_ops *ops;
	struct bench_queue *q;
	unsigned id_bits;
	u64 now_ns;
	u64 latest_ns; /* >= every expiry armed so far */
	u64 *trace;    /* if not NULL: keys taken by expire-next, appended */
	u32 traced;
};

int bench_gen_init(struct bench_gen *g, u32 n, u64 seed, u64 span_ns);
void bench_gen_free(struct bench_gen *g);
u64 bench_random(struct bench_gen *g);

/*
 * Create `ops`'s structure for n timers and fill it (bench_fill).  The wheel
 * ticks every 2^tick_log2_ns ns, or every key unit (exact) when negative.
 */
int bench_setup(struct bench_gen *g, struct bench_run *r, const struct bench_ops *ops, u32 n,
		u64 seed, u64 span_ns, int tick_log2_ns);

/* Arm the first n timers at random times (the fill) into an empty structure. */
int bench_fill(struct bench_gen *g, struct bench_run *r);

/* Untimed steps around the periodic workload (see workload.c). */
void bench_periodic_setup(struct bench_gen *g, struct bench_run *r);
void bench_periodic_teardown(struct bench_gen *g, struct bench_run *r);

void bench_script(struct bench_gen *g, enum bench_workload w, struct bench_op *ops, u32 count);
void bench_execute(struct bench_run *r, const struct bench_op *ops, u32 count);

/* The cross-check of every structure against lib/timerqueue (check.c). */
int bench_check(void);

#endif
