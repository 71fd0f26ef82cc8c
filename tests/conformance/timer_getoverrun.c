/*
 * Overruns: a timer has at most one signal queued; expiries while it is
 * queued (here: blocked) add to its overrun, reported in si_overrun and by
 * timer_getoverrun for the delivered signal.  SIGEV_NONE timers keep time
 * and deliver nothing.
 *
 * Timing: a 10 ms periodic timer first due at T0+10 ms, taken at T0+105 ms,
 * has expired 10 times (one signal, overrun 9).  Only facts that hold under
 * any scheduling delay go in the descriptions: overrun >= 5, and no more
 * than the elapsed time allows.
 */
#include "conformance.h"

#define SIG (SIGRTMIN + 4)
#define PERIOD (10 * NS_PER_MS)

static void one_shot(void)
{
	timer_t t;
	siginfo_t si;

	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	arm_timer(t, 0, 5 * NS_PER_MS, 0);
	take_signal(SIG, &si, 2000);
	ok(si.si_overrun == 0 && timer_getoverrun(t) == 0,
	   "one-shot timer: overrun 0");
	timer_delete(t);
}

/*
 * Let a periodic timer expire ~10 times with its signal blocked.  Returns 1
 * if the second take came soon enough (before the next period) for the
 * "only one signal" fact to be meaningful.
 */
static int blocked_burst(int report)
{
	timer_t t;
	siginfo_t si, si2;
	int64_t t0, t1, t2;
	int got, got2, ov;

	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 77, &t);
	t0 = mono_ns();
	arm_timer(t, TIMER_ABSTIME, t0 + PERIOD, PERIOD);
	sleep_until_mono(t0 + 105 * NS_PER_MS);
	int pend = is_pending(SIG);
	got = take_signal(SIG, &si, 0);
	t1 = mono_ns();
	got2 = take_signal(SIG, &si2, 0);
	int err2 = errno;
	t2 = mono_ns();
	ov = timer_getoverrun(t);
	if (!report && t2 - t0 >= 109 * NS_PER_MS) {
		timer_delete(t);
		take_signal(SIG, &si, 0);
		return 0;
	}
	note("taken at %lld us, second take at %lld us, si_overrun %d",
	     (long long)((t1 - t0) / 1000), (long long)((t2 - t0) / 1000),
	     si.si_overrun);
	ok(pend == 1, "blocked periodic timer: signal pending");
	ok(got == SIG, "sigtimedwait takes it");
	ok(si.si_code == SI_TIMER && si.si_value.sival_int == 77,
	   "it is the timer's (SI_TIMER, its sival_int)");
	why("si_overrun=%d", si.si_overrun);
	ok(si.si_overrun >= 5, "overrun >= 5 after about 10 expiries");
	why("si_overrun=%d elapsed=%lld", si.si_overrun, (long long)(t1 - t0));
	ok(si.si_overrun <= (t1 - t0) / PERIOD - 1,
	   "overrun no more than the elapsed periods allow");
	why("timer_getoverrun=%d si_overrun=%d", ov, si.si_overrun);
	ok(ov == si.si_overrun, "timer_getoverrun equals si_overrun");
	ok(got2 == -1 && err2 == EAGAIN,
	   "only one signal was queued: a second sigtimedwait times out");

	/* The overrun of the delivered signal is > 0 here: re-arm resets it. */
	arm_timer(t, 0, PERIOD, PERIOD);
	why("timer_getoverrun=%d", timer_getoverrun(t));
	ok(timer_getoverrun(t) == 0, "re-arming resets timer_getoverrun to 0");

	/* Let it overrun again, then take the signal with a handler-free wait. */
	sleep_ms(45);
	got = take_signal(SIG, &si, 2000);
	ok(got == SIG, "after re-arming, a fresh signal is delivered");
	why("timer_getoverrun=%d si_overrun=%d", timer_getoverrun(t),
	    si.si_overrun);
	ok(si.si_overrun >= 1 && timer_getoverrun(t) == si.si_overrun,
	   "timer_getoverrun follows the last delivered signal");
	timer_delete(t);
	take_signal(SIG, &si, 0);
	return 1;
}

/* The handler sees the overrun in si_overrun and timer_getoverrun alike. */
static timer_t h_timer;
static volatile int h_count, h_overrun, h_getoverrun;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	if (h_count++ == 0) {
		h_overrun = si->si_overrun;
		h_getoverrun = timer_getoverrun(h_timer);
	}
}

static void handler_overrun(void)
{
	int64_t t0;

	set_handler(SIG, handler, 0);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &h_timer);
	t0 = mono_ns();
	arm_timer(h_timer, TIMER_ABSTIME, t0 + PERIOD, PERIOD);
	sleep_until_mono(t0 + 65 * NS_PER_MS);
	unblock_signal(SIG);
	block_signal(SIG);
	ok(h_count == 1, "unblocking runs the handler once");
	why("si_overrun=%d", h_overrun);
	ok(h_overrun >= 3, "the handler's si_overrun >= 3 after 6 expiries");
	why("in handler timer_getoverrun=%d si_overrun=%d", h_getoverrun,
	    h_overrun);
	ok(h_getoverrun == h_overrun,
	   "timer_getoverrun in the handler equals si_overrun");
	timer_delete(h_timer);
	take_signal(SIG, NULL, 0);
	set_disposition(SIG, SIG_DFL);
	block_signal(SIG);
}

static void sigev_none_counts_time(void)
{
	timer_t t;
	int64_t a, b, bad = 0;
	int in_range = 1;

	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, SIG, 0, &t);
	arm_timer(t, 0, 200 * NS_PER_MS, 0);
	a = timer_left(t);
	sleep_ms(30);
	b = timer_left(t);
	why("a=%lld b=%lld", (long long)a, (long long)b);
	ok(b <= a - 30 * NS_PER_MS && b > 0,
	   "SIGEV_NONE timer: time left decreases");
	arm_timer(t, 0, PERIOD, PERIOD);
	for (int i = 0; i < 50; i++) {
		int64_t left = timer_left(t);
		if (left <= 0 || left > PERIOD) {
			in_range = 0;
			bad = left;
		}
		sleep_ms(1);
	}
	why("read %lld", (long long)bad);
	ok(in_range, "periodic SIGEV_NONE timer keeps running in (0, 10 ms]");
	ok(is_pending(SIG) == 0, "SIGEV_NONE timer delivered nothing");
	timer_delete(t);
}

static void bad_ids(void)
{
	timer_t gone;

	EXPECT(timer_getoverrun(NEVER_CREATED_TIMER) < 0 ? -1 : 0, EINVAL,
	       "timer_getoverrun on an id never created");
	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &gone);
	timer_delete(gone);
	EXPECT(timer_getoverrun(gone) < 0 ? -1 : 0, EINVAL,
	       "timer_getoverrun on a deleted id");
}

int main(void)
{
	block_signal(SIG);
	one_shot();
	/* retry when a scheduling delay hid the one-signal fact */
	int tries = 0;
	while (tries < 4 && !blocked_burst(0))
		tries++;
	if (tries == 4)
		blocked_burst(1);
	handler_overrun();
	sigev_none_counts_time();
	bad_ids();
	return done();
}
