/*
 * clock_settime: only CLOCK_REALTIME can be set; absolute realtime timers
 * then expire by the new wall time, while relative realtime timers and
 * CLOCK_MONOTONIC timers are not moved.
 *
 * Setting the clock for real would change the host's clock, so on the host
 * the part that sets it runs only with CONFORMANCE_ALLOW_SETTIME=1 in the
 * environment, or with "--allow-settime" as argument in a build that is not
 * against glibc (the tick386 layer passes the argument); otherwise those
 * lines print "ok ... # SKIP".  The refused
 * calls change nothing and always run.  The clock is put back at the end.
 */
#include "conformance.h"

static void refused(void)
{
	struct timespec now, bad;
	int64_t r0, m0, r1, m1;

	clock_gettime(CLOCK_MONOTONIC, &now);
	r0 = now_ns(CLOCK_REALTIME);
	m0 = mono_ns();
	EXPECT(clock_settime(CLOCK_MONOTONIC, &now), EINVAL,
	       "clock_settime(CLOCK_MONOTONIC)");
	EXPECT(clock_settime(CLOCK_PROCESS_CPUTIME_ID, &now), EINVAL,
	       "clock_settime(CLOCK_PROCESS_CPUTIME_ID)");
	EXPECT(clock_settime(CLOCK_THREAD_CPUTIME_ID, &now), EINVAL,
	       "clock_settime(CLOCK_THREAD_CPUTIME_ID)");
	EXPECT(clock_settime(-1, &now), EINVAL, "clock_settime(clock -1)");
	EXPECT(clock_settime(99, &now), EINVAL, "clock_settime(clock 99)");
	bad.tv_sec = r0 / NS_PER_S;
	bad.tv_nsec = 1000000000;
	EXPECT(clock_settime(CLOCK_REALTIME, &bad), EINVAL,
	       "clock_settime(CLOCK_REALTIME, tv_nsec 1000000000)");
	bad.tv_nsec = -1;
	EXPECT(clock_settime(CLOCK_REALTIME, &bad), EINVAL,
	       "clock_settime(CLOCK_REALTIME, tv_nsec -1)");
	bad.tv_sec = -1;
	bad.tv_nsec = 0;
	EXPECT(clock_settime(CLOCK_REALTIME, &bad), EINVAL,
	       "clock_settime(CLOCK_REALTIME, tv_sec -1)");
	r1 = now_ns(CLOCK_REALTIME);
	m1 = mono_ns();
	why("realtime moved %lld, monotonic %lld", (long long)(r1 - r0),
	    (long long)(m1 - m0));
	ok(llabs((r1 - r0) - (m1 - m0)) < 50 * NS_PER_MS,
	   "the refused calls left CLOCK_REALTIME as it was");
}

#define SIG_ABS (SIGRTMIN + 1)
#define SIG_REL (SIGRTMIN + 2)
#define SIG_MONO (SIGRTMIN + 3)
#define SIG_BACK (SIGRTMIN + 4)

static const char *const set_tests[] = {
	"clock_settime(CLOCK_REALTIME, now + 1 h) -> 0",
	"CLOCK_REALTIME reads the new time",
	"CLOCK_MONOTONIC did not jump",
	"absolute realtime timer due at the new time fires",
	"relative realtime and monotonic timers have not fired early",
	"relative realtime timer fires after its 300 ms, not moved",
	"monotonic timer fires after its 300 ms, not moved",
	"clock_settime back by 1 h -> 0",
	"absolute realtime timer now 1 h away does not fire",
	"clock_settime forward again -> 0",
	"it fires once the wall time reaches it again",
};

static int wait_sig(int sig, long ms)
{
	return take_signal(sig, NULL, ms) == sig;
}

static void set_for_real(void)
{
	timer_t ta, tr, tm, tb;
	int64_t r0, m0, target, mset;
	struct timespec ts;
	int n = 0;

	block_signal(SIG_ABS);
	block_signal(SIG_REL);
	block_signal(SIG_MONO);
	block_signal(SIG_BACK);
	make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIG_ABS, 0, &ta);
	make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIG_REL, 0, &tr);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG_MONO, 0, &tm);
	make_timer(CLOCK_REALTIME, SIGEV_SIGNAL, SIG_BACK, 0, &tb);

	r0 = now_ns(CLOCK_REALTIME);
	m0 = mono_ns();
	/* due one hour (plus 100 ms) from now, by the wall clock */
	target = r0 + 3600 * NS_PER_S + 100 * NS_PER_MS;
	arm_timer(ta, TIMER_ABSTIME, target, 0);
	arm_timer(tr, 0, 300 * NS_PER_MS, 0);
	arm_timer(tm, 0, 300 * NS_PER_MS, 0);

	ts = ns_ts(r0 + 3600 * NS_PER_S + (mono_ns() - m0));
	mset = mono_ns();
	ok(clock_settime(CLOCK_REALTIME, &ts) == 0, "%s", set_tests[n++]);
	why("offset %lld", (long long)(now_ns(CLOCK_REALTIME) - ts_ns(&ts)));
	ok(llabs(now_ns(CLOCK_REALTIME) - ts_ns(&ts)) < 50 * NS_PER_MS, "%s",
	   set_tests[n++]);
	ok(mono_ns() - mset < 50 * NS_PER_MS, "%s", set_tests[n++]);
	ok(wait_sig(SIG_ABS, 2000), "%s", set_tests[n++]);
	ok(is_pending(SIG_REL) == 0 && is_pending(SIG_MONO) == 0 &&
		   mono_ns() - m0 < 300 * NS_PER_MS,
	   "%s", set_tests[n++]);
	ok(wait_sig(SIG_REL, 2000) && mono_ns() - m0 >= 300 * NS_PER_MS, "%s",
	   set_tests[n++]);
	ok(wait_sig(SIG_MONO, 2000) && mono_ns() - m0 >= 300 * NS_PER_MS, "%s",
	   set_tests[n++]);

	/* An absolute timer 100 ms ahead; the clock goes back one hour. */
	r0 = now_ns(CLOCK_REALTIME);
	arm_timer(tb, TIMER_ABSTIME, r0 + 100 * NS_PER_MS, 0);
	ts = ns_ts(r0 - 3600 * NS_PER_S);
	ok(clock_settime(CLOCK_REALTIME, &ts) == 0, "%s", set_tests[n++]);
	ok(!wait_sig(SIG_BACK, 300), "%s", set_tests[n++]);
	ts = ns_ts(now_ns(CLOCK_REALTIME) + 3600 * NS_PER_S);
	ok(clock_settime(CLOCK_REALTIME, &ts) == 0, "%s", set_tests[n++]);
	ok(wait_sig(SIG_BACK, 2000), "%s", set_tests[n++]);

	/* Put the wall clock back where it would have been. */
	ts = ns_ts(now_ns(CLOCK_REALTIME) - 3600 * NS_PER_S);
	clock_settime(CLOCK_REALTIME, &ts);
	timer_delete(ta);
	timer_delete(tr);
	timer_delete(tm);
	timer_delete(tb);
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	refused();
	if (allowed) {
		set_for_real();
	} else {
		note("skipped on host: setting CLOCK_REALTIME would change "
		     "this machine's clock");
		for (unsigned i = 0; i < sizeof(set_tests) / sizeof(*set_tests);
		     i++)
			skip("on host: would set the host clock", "%s",
			     set_tests[i]);
	}
	return done();
}
