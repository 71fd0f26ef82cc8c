/*
 * timer_settime: relative and absolute arming on each clock, disarming, the
 * old value, re-arming (which discards a queued signal of the old setting
 * and resets the overrun), flag bits other than TIMER_ABSTIME (Linux ignores
 * them), and the bad-argument classes, each of which must leave the timer
 * as it was.  Bad pointers are in efault.c.
 */
#include "conformance.h"

#define SIG SIGUSR1

static timer_t new_timer(void)
{
	timer_t t;

	if (make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t) != 0) {
		printf("Bail out! timer_create failed\n");
		exit(1);
	}
	return t;
}

/* Arm with (flags, value) on clock; check that it fires, and not early. */
static void fires_not_early(clockid_t clock, const char *name, int flags)
{
	timer_t t;
	siginfo_t si;
	int64_t target, now, value = 20 * NS_PER_MS;

	make_timer(clock, SIGEV_SIGNAL, SIG, 0, &t);
	target = now_ns(clock) + value;
	arm_timer(t, flags, flags ? target : value, 0);
	ok(take_signal(SIG, &si, 2000) == SIG, "%s %s 20 ms timer fires", name,
	   flags ? "absolute" : "relative");
	now = now_ns(clock);
	why("fired %lld ns early", (long long)(target - now));
	ok(now >= target, "%s %s timer does not fire early", name,
	   flags ? "absolute" : "relative");
	timer_delete(t);
}

static void arming(void)
{
	timer_t t;
	siginfo_t si;

	fires_not_early(CLOCK_MONOTONIC, "CLOCK_MONOTONIC", 0);
	fires_not_early(CLOCK_MONOTONIC, "CLOCK_MONOTONIC", TIMER_ABSTIME);
	fires_not_early(CLOCK_REALTIME, "CLOCK_REALTIME", 0);
	fires_not_early(CLOCK_REALTIME, "CLOCK_REALTIME", TIMER_ABSTIME);

	/* An absolute time already past fires at once. */
	t = new_timer();
	EXPECT(arm_timer(t, TIMER_ABSTIME, 1, 0), 0,
	       "timer_settime TIMER_ABSTIME at monotonic time 1 ns");
	ok(take_signal(SIG, &si, 1000) == SIG,
	   "an absolute time in the past fires at once");
	why("left=%lld", (long long)timer_left(t));
	ok(timer_left(t) == 0, "and the one-shot timer then reads disarmed");
	timer_delete(t);
}

static void disarming_and_old_value(void)
{
	timer_t t = new_timer();
	struct itimerspec nv, old;
	siginfo_t si;

	arm_timer(t, 0, 20 * NS_PER_MS, 0);
	EXPECT(arm_timer(t, 0, 0, 0), 0, "timer_settime zero it_value");
	sleep_ms(50);
	ok(take_signal(SIG, &si, 0) == -1, "a disarmed timer does not fire");
	ok(timer_left(t) == 0, "a disarmed timer reads 0");

	/* The old value of a disarmed timer is all zero. */
	memset(&old, 0x55, sizeof(old));
	nv.it_value = ns_ts(NS_PER_S);
	nv.it_interval = ns_ts(250 * NS_PER_MS);
	EXPECT(timer_settime(t, 0, &nv, &old), 0,
	       "timer_settime 1 s, interval 250 ms, with old value");
	ok(ts_ns(&old.it_value) == 0 && ts_ns(&old.it_interval) == 0,
	   "old value of a disarmed timer is zero");

	nv.it_value = ns_ts(2 * NS_PER_S);
	nv.it_interval = ns_ts(0);
	EXPECT(timer_settime(t, 0, &nv, &old), 0, "timer_settime again");
	why("interval=%lld", (long long)ts_ns(&old.it_interval));
	ok(ts_ns(&old.it_interval) == 250 * NS_PER_MS,
	   "old it_interval is exactly the interval set");
	why("value=%lld", (long long)ts_ns(&old.it_value));
	ok(ts_ns(&old.it_value) > 0 && ts_ns(&old.it_value) <= NS_PER_S,
	   "old it_value is the time that was left: > 0 and <= 1 s");
	ok(old.it_value.tv_nsec >= 0 && old.it_value.tv_nsec < NS_PER_S,
	   "old it_value.tv_nsec is normalized");
	timer_delete(t);
}

/* Re-arming discards the signal queued by the old setting, and its overrun. */
static void rearm_discards(void)
{
	timer_t t = new_timer();
	siginfo_t si;
	int got;

	arm_timer(t, 0, 10 * NS_PER_MS, 10 * NS_PER_MS);
	ok(wait_pending(SIG, 2000), "periodic timer's signal queued");
	sleep_ms(40); /* let it overrun a few times */
	arm_timer(t, 0, 100 * NS_PER_MS, 0);
	ok(take_signal(SIG, &si, 0) == -1,
	   "after re-arming, the old setting's signal is not delivered");
	got = take_signal(SIG, &si, 2000);
	ok(got == SIG, "the new setting fires");
	why("si_overrun=%d", si.si_overrun);
	ok(si.si_overrun == 0, "its si_overrun is 0: re-arming reset it");
	ok(timer_getoverrun(t) == 0, "timer_getoverrun is 0");
	ok(take_signal(SIG, &si, 50) == -1, "and it fires only once");
	timer_delete(t);
}

/* The timer is armed 10 s and must still be after a refused call. */
static void unchanged(timer_t t, const char *what)
{
	int64_t left = timer_left(t);

	why("left=%lld", (long long)left);
	ok(left > 9 * NS_PER_S && left <= 10 * NS_PER_S,
	   "timer unchanged after %s", what);
}

static void bad_values(void)
{
	static const struct {
		long vs, vns, is, ins;
		int flags;
		const char *what;
	} bad[] = {
		{ 1, -1, 0, 0, 0, "it_value.tv_nsec -1" },
		{ 1, 1000000000, 0, 0, 0, "it_value.tv_nsec 1000000000" },
		{ -1, 0, 0, 0, 0, "it_value.tv_sec -1" },
		{ -1, 0, 0, 0, TIMER_ABSTIME, "TIMER_ABSTIME it_value.tv_sec -1" },
		{ 1, 0, 0, -1, 0, "it_interval.tv_nsec -1" },
		{ 1, 0, 0, 1000000000, 0, "it_interval.tv_nsec 1000000000" },
		{ 1, 0, -1, 0, 0, "it_interval.tv_sec -1" },
		{ 0, 0, 0, 1000000000, 0, "zero it_value, it_interval.tv_nsec 1e9" },
	};
	timer_t t = new_timer();
	struct itimerspec v;

	arm_timer(t, 0, 10 * NS_PER_S, 0);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		v.it_value.tv_sec = bad[i].vs;
		v.it_value.tv_nsec = bad[i].vns;
		v.it_interval.tv_sec = bad[i].is;
		v.it_interval.tv_nsec = bad[i].ins;
		EXPECT(timer_settime(t, bad[i].flags, &v, NULL), EINVAL,
		       "timer_settime %s", bad[i].what);
		unchanged(t, bad[i].what);
	}
	EXPECT(timer_settime(t, 0, NULL, NULL), EINVAL,
	       "timer_settime NULL new value");
	unchanged(t, "NULL new value");
	timer_delete(t);
}

static void flags_and_ids(void)
{
	timer_t t = new_timer(), gone;
	int64_t left;

	/* Bits other than TIMER_ABSTIME are ignored: the time is relative. */
	EXPECT(arm_timer(t, 2, 10 * NS_PER_S, 0), 0, "timer_settime flags 2");
	unchanged(t, "flags 2: armed relative");
	EXPECT(arm_timer(t, (int)0xfffffffe, 10 * NS_PER_S, 0), 0,
	       "timer_settime flags 0xfffffffe");
	unchanged(t, "flags 0xfffffffe: armed relative");
	EXPECT(arm_timer(t, -1, mono_ns() + 10 * NS_PER_S, 0), 0,
	       "timer_settime flags -1 (TIMER_ABSTIME and others)");
	left = timer_left(t);
	why("left=%lld", (long long)left);
	ok(left > 9 * NS_PER_S && left <= 10 * NS_PER_S,
	   "flags -1: armed absolute");
	timer_delete(t);

	/* The same on a CLOCK_REALTIME timer, where absolute follows the wall. */
	make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIG, 0, &t);
	EXPECT(arm_timer(t, 2, 10 * NS_PER_S, 0), 0,
	       "CLOCK_REALTIME timer_settime flags 2");
	unchanged(t, "CLOCK_REALTIME flags 2: armed relative");
	EXPECT(arm_timer(t, (int)0xfffffffe, 10 * NS_PER_S, 0), 0,
	       "CLOCK_REALTIME timer_settime flags 0xfffffffe");
	unchanged(t, "CLOCK_REALTIME flags 0xfffffffe: armed relative");
	EXPECT(arm_timer(t, -1, now_ns(CLOCK_REALTIME) + 10 * NS_PER_S, 0), 0,
	       "CLOCK_REALTIME timer_settime flags -1");
	unchanged(t, "CLOCK_REALTIME flags -1: armed absolute");
	timer_delete(t);

	EXPECT(arm_timer(NEVER_CREATED_TIMER, 0, NS_PER_S, 0), EINVAL,
	       "timer_settime on an id never created");
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &gone);
	timer_delete(gone);
	EXPECT(arm_timer(gone, 0, NS_PER_S, 0), EINVAL,
	       "timer_settime on a deleted id");
}

int main(void)
{
	block_signal(SIG);
	arming();
	disarming_and_old_value();
	rearm_discards();
	bad_values();
	flags_and_ids();
	return done();
}
