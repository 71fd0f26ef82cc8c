/*
 * timer_gettime: the time left (never 0 while armed, never more than was
 * set, decreasing), the interval read back exactly, 0 when disarmed, and
 * absolute timers read as time left.
 */
#include "conformance.h"

#define SIG SIGUSR1

static void readback(void)
{
	timer_t t;
	struct itimerspec v, r;
	int64_t a, b;

	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	memset(&r, 0x55, sizeof(r));
	EXPECT(timer_gettime(t, &r), 0, "timer_gettime on a new timer");
	ok(ts_ns(&r.it_value) == 0 && ts_ns(&r.it_interval) == 0,
	   "a new timer reads all zero");

	arm_timer(t, 0, NS_PER_S, 0);
	timer_gettime(t, &r);
	why("value=%lld", (long long)ts_ns(&r.it_value));
	ok(ts_ns(&r.it_value) > 0 && ts_ns(&r.it_value) <= NS_PER_S,
	   "armed 1 s: time left > 0 and <= 1 s");
	ok(ts_ns(&r.it_interval) == 0, "one-shot: interval reads 0");
	ok(r.it_value.tv_nsec >= 0 && r.it_value.tv_nsec < NS_PER_S,
	   "tv_nsec of the time left is normalized");

	v.it_value = ns_ts(500 * NS_PER_MS);
	v.it_interval = ns_ts(123456789);
	timer_settime(t, 0, &v, NULL);
	timer_gettime(t, &r);
	why("interval=%lld", (long long)ts_ns(&r.it_interval));
	ok(ts_ns(&r.it_interval) == 123456789,
	   "interval 123456789 ns reads back exactly");
	v.it_interval = ns_ts(2 * NS_PER_S + 1);
	timer_settime(t, 0, &v, NULL);
	timer_gettime(t, &r);
	why("interval=%lld", (long long)ts_ns(&r.it_interval));
	ok(ts_ns(&r.it_interval) == 2 * NS_PER_S + 1,
	   "interval 2 s + 1 ns reads back exactly");

	a = timer_left(t);
	sleep_ms(20);
	b = timer_left(t);
	why("a=%lld b=%lld", (long long)a, (long long)b);
	ok(b <= a - 20 * NS_PER_MS, "time left decreases by the time slept");

	arm_timer(t, TIMER_ABSTIME, mono_ns() + NS_PER_S, 0);
	a = timer_left(t);
	why("left=%lld", (long long)a);
	ok(a > 900 * NS_PER_MS && a <= NS_PER_S,
	   "an absolute timer reads the relative time left");

	arm_timer(t, 0, 0, 0);
	timer_gettime(t, &r);
	ok(ts_ns(&r.it_value) == 0 && ts_ns(&r.it_interval) == 0,
	   "a disarmed timer reads all zero");

	/* Linux drops the interval of a timer disarmed (tests/model found
	 * tick386 keeping it) */
	v.it_value = ns_ts(0);
	v.it_interval = ns_ts(5 * NS_PER_S);
	EXPECT(timer_settime(t, 0, &v, NULL), 0, "timer_settime: value 0, interval 5 s");
	timer_gettime(t, &r);
	why("value=%lld interval=%lld", (long long)ts_ns(&r.it_value),
	    (long long)ts_ns(&r.it_interval));
	ok(ts_ns(&r.it_value) == 0 && ts_ns(&r.it_interval) == 0,
	   "disarmed with an interval given: reads all zero");
	arm_timer(t, 0, NS_PER_S, 0);
	v.it_value = ns_ts(0);
	v.it_interval = ns_ts(0);
	timer_settime(t, 0, &v, &r);
	ok(ts_ns(&r.it_interval) == 0, "and the next timer_settime's old interval is 0");
	timer_delete(t);
}

/* Read a periodic timer n times: every value must be in (0, interval]. */
static int all_in_period(timer_t t, int64_t interval, int n, int64_t *bad)
{
	for (int i = 0; i < n; i++) {
		int64_t left = timer_left(t);
		if (left <= 0 || left > interval) {
			*bad = left;
			return 0;
		}
	}
	return 1;
}

static void never_zero_while_armed(void)
{
	timer_t t;
	int64_t bad = 0;
	siginfo_t si;

	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &t);
	arm_timer(t, 0, NS_PER_MS, NS_PER_MS);
	why("read %lld", (long long)bad);
	ok(all_in_period(t, NS_PER_MS, 20000, &bad),
	   "periodic SIGEV_NONE 1 ms: 20000 reads all in (0, 1 ms]");
	timer_delete(t);

	/* A periodic timer whose signal is queued (blocked) is still armed. */
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	arm_timer(t, 0, 5 * NS_PER_MS, 5 * NS_PER_MS);
	ok(wait_pending(SIG, 2000), "periodic 5 ms timer's signal queued");
	sleep_ms(20);
	bad = 0;
	ok(all_in_period(t, 5 * NS_PER_MS, 2000, &bad),
	   "with its signal queued, 2000 reads all in (0, 5 ms]");
	timer_delete(t);
	take_signal(SIG, &si, 0);

	/* A one-shot timer that fired is disarmed, signal queued or not. */
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	arm_timer(t, 0, 5 * NS_PER_MS, 0);
	ok(wait_pending(SIG, 2000), "one-shot timer's signal queued");
	why("left=%lld", (long long)timer_left(t));
	ok(timer_left(t) == 0, "a fired one-shot timer reads 0 before delivery");
	take_signal(SIG, &si, 0);
	ok(timer_left(t) == 0, "and after delivery");
	timer_delete(t);
}

static void bad_ids(void)
{
	struct itimerspec r;
	timer_t gone;

	EXPECT(timer_gettime(NEVER_CREATED_TIMER, &r), EINVAL,
	       "timer_gettime on an id never created");
	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &gone);
	timer_delete(gone);
	EXPECT(timer_gettime(gone, &r), EINVAL, "timer_gettime on a deleted id");
}

int main(void)
{
	block_signal(SIG);
	readback();
	never_zero_while_armed();
	bad_ids();
	return done();
}
