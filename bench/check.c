/*
 * The cross-check run by `make test` (layer test-bench-build): every
 * structure replays the benchmark's workloads at a small N, untimed, and
 * must expire the very timers lib/timerqueue expires, in the same order.
 *
 * With unique keys (bench.h) the queue, the sorted list and the heap are all
 * exact, and so is the wheel when its tick is one key unit; they must agree
 * key for key, on every expire-next and on the final drain (first + disarm
 * until empty), which sums up every arm and disarm that came before.  The
 * wheel at the benchmark's 1024 ns tick may reorder timers within a tick:
 * of it the check asks that ticks never go backwards and nothing be lost.
 * Every structure's own invariant checker runs after each workload.
 */
#include "bench/workload.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_N 100
#define CHECK_OPS 3000u

enum { V_QUEUE, V_LIST, V_HEAP, V_WHEEL_EXACT, V_WHEEL_TICK, V_COUNT };

struct variant {
	const char *name;
	const struct bench_ops *ops;
	int tick_log2_ns; /* for the wheel; negative: one key unit */
	bool exact;
};

static const struct variant variants[V_COUNT] = {
    [V_QUEUE] = {"timerqueue", &bench_timerqueue_ops, -1, true},
    [V_LIST] = {"sorted list", &bench_list_ops, -1, true},
    [V_HEAP] = {"binary heap", &bench_heap_ops, -1, true},
    [V_WHEEL_EXACT] = {"timing wheel (exact tick)", &bench_wheel_ops, -1, true},
    [V_WHEEL_TICK] = {"timing wheel (1024 ns tick)", &bench_wheel_ops, 10, false},
};

struct outcome {
	u64 trace[BW_COUNT][CHECK_OPS];
	u32 traced[BW_COUNT];
	int invariants[BW_COUNT];
	u64 drain[CHECK_N + BENCH_POOL + 1];
	u32 drained;
	u32 tick_shift;
};

static bool has_expiries(int w)
{
	return w == BW_PERIODIC || w == BW_EXPIRE || w == BW_MIX || w == BW_EARLIEST || w == BW_POP;
}

static void replay(const struct variant *v, u64 span_ns, struct outcome *out,
		   struct bench_op *script)
{
	struct bench_gen g;
	struct bench_run r;
	u64 key;
	u32 id;

	if (bench_setup(&g, &r, v->ops, CHECK_N, BENCH_SEED ^ span_ns, span_ns, v->tick_log2_ns)) {
		fprintf(stderr, "bench: setup failed\n");
		exit(2);
	}
	out->tick_shift = v->tick_log2_ns < 0 ? 0 : g.id_bits + (unsigned)v->tick_log2_ns;
	for (int w = 0; w < BW_COUNT; w++) {
		if (w == BW_PERIODIC)
			bench_periodic_setup(&g, &r);
		bench_script(&g, w, script, CHECK_OPS);
		r.trace = out->trace[w];
		r.traced = 0;
		bench_execute(&r, script, CHECK_OPS);
		out->traced[w] = r.traced;
		if (w == BW_PERIODIC)
			bench_periodic_teardown(&g, &r);
		out->invariants[w] = v->ops->check(r.q);
	}
	out->drained = 0;
	while (out->drained < CHECK_N + BENCH_POOL + 1 &&
	       (id = v->ops->first(r.q, &key)) != BENCH_NONE) {
		out->drain[out->drained++] = key;
		v->ops->disarm(r.q, id);
	}
	v->ops->destroy(r.q);
	bench_gen_free(&g);
}

static unsigned test_number, failures;

static void report(bool ok, const char *what, const char *name, const char *detail)
{
	test_number++;
	failures += !ok;
	printf("%s %u - %s: %s%s%s\n", ok ? "ok" : "not ok", test_number, name, what,
	       detail ? ": " : "", detail ? detail : "");
}

static bool ticks_in_order(const u64 *keys, u32 n, unsigned shift)
{
	for (u32 i = 1; i < n; i++)
		if (keys[i] >> shift < keys[i - 1] >> shift)
			return false;
	return true;
}

/* Replay every variant with delays up to span_ns; report one line per case. */
static void check_span(u64 span_ns, struct bench_op *script)
{
	static struct outcome out[V_COUNT];
	const struct outcome *ref = &out[V_QUEUE];
	char name[96], what[96], detail[96];

	for (int v = 0; v < V_COUNT; v++)
		replay(&variants[v], span_ns, &out[v], script);
	for (int v = 0; v < V_COUNT; v++) {
		const struct outcome *o = &out[v];

		snprintf(name, sizeof(name), "%s, delays <= %llu ns", variants[v].name,
			 (unsigned long long)span_ns);
		for (int w = 0; w < BW_COUNT; w++) {
			snprintf(what, sizeof(what), "invariants after \"%s\"",
				 bench_workload_name[w]);
			snprintf(detail, sizeof(detail), "check returned %d", o->invariants[w]);
			report(o->invariants[w] == 0, what, name, o->invariants[w] ? detail : NULL);
		}
		if (v == V_QUEUE)
			continue; /* the reference itself */
		for (int w = 0; w < BW_COUNT; w++) {
			bool ok;

			if (!has_expiries(w))
				continue;
			ok = ref->traced[w] > 0 && o->traced[w] == ref->traced[w];
			if (variants[v].exact)
				ok = ok && !memcmp(o->trace[w], ref->trace[w],
						   o->traced[w] * sizeof(u64));
			else
				ok = ok && ticks_in_order(o->trace[w], o->traced[w], o->tick_shift);
			snprintf(what, sizeof(what), "%u expiries of \"%s\" %s", o->traced[w],
				 bench_workload_name[w],
				 variants[v].exact ? "as timerqueue's" : "in tick order");
			report(ok, what, name, NULL);
		}
		if (variants[v].exact)
			report(o->drained == CHECK_N && o->drained == ref->drained &&
				   !memcmp(o->drain, ref->drain, o->drained * sizeof(u64)),
			       "drain of the armed timers as timerqueue's", name, NULL);
		else
			report(o->drained == CHECK_N &&
				   ticks_in_order(o->drain, o->drained, o->tick_shift),
			       "drain of the armed timers in tick order", name, NULL);
	}
}

int bench_check(void)
{
	/*
	 * The benchmark's delays, then shorter ones: at N=100 a 1 s span puts
	 * most of the exact wheel's timers on its overflow list, 16 us and 4 ms
	 * spans fill its levels 0-3 and make it cascade.
	 */
	static const u64 spans[] = {BENCH_SPAN_NS, 1ull << 22, 1ull << 14};
	struct bench_op *script = malloc(CHECK_OPS * sizeof(*script));

	if (!script)
		return 2;
	for (unsigned i = 0; i < sizeof(spans) / sizeof(spans[0]); i++)
		check_span(spans[i], script);
	printf("1..%u\n", test_number);
	free(script);
	return failures ? 1 : 0;
}
