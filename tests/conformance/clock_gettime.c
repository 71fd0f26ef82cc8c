/*
 * clock_gettime and clock_getres on every clock: valid values, a truthful
 * resolution (only bounds are compared: Linux and tick386 resolve
 * differently), NULL res allowed, bad clock ids, CLOCK_MONOTONIC never
 * going backwards, and the CPU-time clocks counting only CPU time.
 * Bad pointers are in efault.c and efault_libc.c.
 */
#include "conformance.h"

static const struct {
	clockid_t id;
	const char *name;
	int cpu;
} clocks[] = {
	{ CLOCK_REALTIME, "CLOCK_REALTIME", 0 },
	{ CLOCK_MONOTONIC, "CLOCK_MONOTONIC", 0 },
	{ CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID", 1 },
	{ CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID", 1 },
};

static void each_clock(void)
{
	for (unsigned i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		struct timespec t = { -1, -1 }, r = { -1, -1 };
		const char *n = clocks[i].name;

		EXPECT(clock_gettime(clocks[i].id, &t), 0, "clock_gettime(%s)", n);
		why("tv_sec=%lld tv_nsec=%ld", (long long)t.tv_sec, t.tv_nsec);
		ok(t.tv_sec >= 0 && t.tv_nsec >= 0 && t.tv_nsec < NS_PER_S,
		   "%s value is normalized", n);
		EXPECT(clock_getres(clocks[i].id, &r), 0, "clock_getres(%s)", n);
		note("%s resolution %lld ns", n, (long long)ts_ns(&r));
		why("res=%lld", (long long)ts_ns(&r));
		if (clocks[i].cpu)
			ok(ts_ns(&r) > 0 && ts_ns(&r) <= 10 * NS_PER_MS,
			   "%s res > 0 and <= 10 ms: yes", n);
		else
			ok(ts_ns(&r) > 0 && ts_ns(&r) <= NS_PER_MS,
			   "%s res > 0 and <= 1 ms: yes", n);
		EXPECT(clock_getres(clocks[i].id, NULL), 0,
		       "clock_getres(%s, NULL)", n);
	}
}

static void bad_clocks(void)
{
	static const int bad[] = { -1, 99, 1000 };
	struct timespec t;

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		EXPECT(clock_gettime(bad[i], &t), EINVAL,
		       "clock_gettime(clock %d)", bad[i]);
		EXPECT(clock_getres(bad[i], &t), EINVAL,
		       "clock_getres(clock %d)", bad[i]);
		EXPECT(clock_getres(bad[i], NULL), EINVAL,
		       "clock_getres(clock %d, NULL)", bad[i]);
	}
}

static void monotonic(void)
{
	int64_t prev = mono_ns(), back = 0, a, b, ra, rb;
	int n = 200000;

	for (int i = 0; i < n; i++) {
		int64_t t = mono_ns();
		if (t < prev)
			back++;
		prev = t;
	}
	why("%lld steps back", (long long)back);
	ok(back == 0, "CLOCK_MONOTONIC never decreases over 200000 reads");

	/* read each pair again when a delay came between the two reads */
	for (int i = 0; i < 5; i++) {
		a = mono_ns();
		ra = now_ns(CLOCK_REALTIME);
		if (mono_ns() - a < NS_PER_MS)
			break;
	}
	sleep_ms(50);
	for (int i = 0; i < 5; i++) {
		b = mono_ns();
		rb = now_ns(CLOCK_REALTIME);
		if (mono_ns() - b < NS_PER_MS)
			break;
	}
	why("advanced %lld ns", (long long)(b - a));
	ok(b - a >= 50 * NS_PER_MS, "CLOCK_MONOTONIC advances by the time slept");
	why("mono %lld real %lld", (long long)(b - a), (long long)(rb - ra));
	ok(llabs((rb - ra) - (b - a)) < 5 * NS_PER_MS,
	   "CLOCK_REALTIME advances at the rate of CLOCK_MONOTONIC");
	/* 2020-01-01 00:00:00 UTC */
	ok(ra / NS_PER_S > 1577836800LL, "CLOCK_REALTIME is after 2020");
}

static void cpu_clocks(void)
{
	int64_t p0, t0, p1, t1, used;

	p0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	t0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	used = burn_cpu(CLOCK_PROCESS_CPUTIME_ID, 30 * NS_PER_MS, 2 * NS_PER_S);
	p1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	t1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	why("used %lld", (long long)used);
	ok(used >= 30 * NS_PER_MS,
	   "CLOCK_PROCESS_CPUTIME_ID advances while the program computes");
	why("thread %lld", (long long)(t1 - t0));
	ok(t1 - t0 >= 25 * NS_PER_MS,
	   "CLOCK_THREAD_CPUTIME_ID advances with it");
	why("thread %lld process %lld", (long long)t1, (long long)p1);
	ok(t1 <= p1 + NS_PER_MS,
	   "one thread's CPU time is not more than its process's");

	p0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	sleep_ms(60);
	p1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	why("advanced %lld ns in a 60 ms sleep", (long long)(p1 - p0));
	ok(p1 - p0 < 20 * NS_PER_MS,
	   "CLOCK_PROCESS_CPUTIME_ID hardly moves while the program sleeps");
}

int main(void)
{
	each_clock();
	bad_clocks();
	monotonic();
	cpu_clocks();
	return done();
}
