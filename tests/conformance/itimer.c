/*
 * setitimer, getitimer and alarm: each kind fires its signal, getitimer
 * counts down, an interval re-arms, alarm's return value is rounded as
 * Linux rounds it, and the EINVAL/EFAULT cases.
 */
#include <sys/time.h>

#include "conformance.h"

static volatile sig_atomic_t got[NSIG];
static volatile int got_code;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	got[sig]++;
	got_code = si->si_code;
}

static struct itimerval itv(long value_us, long interval_us)
{
	struct itimerval v;

	v.it_value.tv_sec = value_us / 1000000;
	v.it_value.tv_usec = value_us % 1000000;
	v.it_interval.tv_sec = interval_us / 1000000;
	v.it_interval.tv_usec = interval_us % 1000000;
	return v;
}

static long tv_us(const struct timeval *tv)
{
	return tv->tv_sec * 1000000L + tv->tv_usec;
}

/* Wait (sleeping for REAL, burning CPU for the others) until sig came. */
static int wait_for(int sig, int count, long limit_ms, int burn)
{
	int64_t end = mono_ns() + limit_ms * NS_PER_MS;

	while (got[sig] < count && mono_ns() < end) {
		if (burn)
			for (volatile int i = 0; i < 10000; i++)
				;
		else
			sleep_ms(1);
	}
	return got[sig] >= count;
}

static void disarm(int which)
{
	struct itimerval zero = itv(0, 0);

	setitimer(which, &zero, NULL);
}

int main(void)
{
	static const struct { int which, sig, burn; const char *name; } kinds[] = {
		{ITIMER_REAL, SIGALRM, 0, "ITIMER_REAL"},
		{ITIMER_VIRTUAL, SIGVTALRM, 1, "ITIMER_VIRTUAL"},
		{ITIMER_PROF, SIGPROF, 1, "ITIMER_PROF"},
	};
	struct itimerval v, old;

	for (unsigned k = 0; k < 3; k++) {
		int which = kinds[k].which, sig = kinds[k].sig;

		set_handler(sig, on_signal, 0);
		EXPECT(getitimer(which, &v), 0, "getitimer(%s) before any", kinds[k].name);
		ok(tv_us(&v.it_value) == 0 && tv_us(&v.it_interval) == 0, "%s starts disarmed",
		   kinds[k].name);

		/* one-shot 30 ms */
		got[sig] = 0;
		v = itv(30000, 0);
		int64_t t0 = mono_ns();
		EXPECT(setitimer(which, &v, &old), 0, "setitimer(%s, 30 ms)", kinds[k].name);
		getitimer(which, &v);
		/* Linux adds one tick (1/HZ, at most 10 ms) to a CPU itimer's
		 * value; tick386 counts CPU time exactly and adds nothing. */
		why("left %ld us", tv_us(&v.it_value));
		ok(tv_us(&v.it_value) > 0 && tv_us(&v.it_value) <= (which == ITIMER_REAL ? 30000 : 40000),
		   "%s: getitimer reads (0, 30 ms (+ a tick)] at once", kinds[k].name);
		ok(wait_for(sig, 1, 2000, kinds[k].burn), "%s fires its signal", kinds[k].name);
		if (which == ITIMER_REAL) {
			why("after %lld ns", (long long)(mono_ns() - t0));
			ok(mono_ns() - t0 >= 30 * NS_PER_MS, "ITIMER_REAL not early");
		}
		why("si_code %d", got_code);
		ok(got_code == 0x80, "%s: si_code SI_KERNEL", kinds[k].name);
		getitimer(which, &v);
		ok(tv_us(&v.it_value) == 0, "%s: a fired one-shot reads 0", kinds[k].name);

		/* periodic 10 ms: re-arms */
		got[sig] = 0;
		v = itv(10000, 10000);
		setitimer(which, &v, NULL);
		ok(wait_for(sig, 3, 3000, kinds[k].burn), "%s interval re-arms (3 signals)",
		   kinds[k].name);
		getitimer(which, &v);
		ok(tv_us(&v.it_interval) == 10000, "%s: interval reads 10 ms", kinds[k].name);
		v = itv(0, 0);
		EXPECT(setitimer(which, &v, &old), 0, "setitimer(%s, 0) disarms", kinds[k].name);
		ok(tv_us(&old.it_interval) == 10000, "%s: old interval returned", kinds[k].name);
		int before = got[sig];
		sleep_ms(30);
		ok(got[sig] == before || kinds[k].burn, "%s: no signal after disarm", kinds[k].name);
	}

	/* value 0 with an interval: disarmed; REAL forgets the interval, the
	 * CPU ones keep it (Linux) */
	v = itv(0, 1000000);
	setitimer(ITIMER_REAL, &v, NULL);
	getitimer(ITIMER_REAL, &v);
	ok(tv_us(&v.it_value) == 0 && tv_us(&v.it_interval) == 0,
	   "ITIMER_REAL value 0 + interval: disarmed, interval 0");
	v = itv(0, 1000000);
	setitimer(ITIMER_VIRTUAL, &v, NULL);
	getitimer(ITIMER_VIRTUAL, &v);
	ok(tv_us(&v.it_value) == 0 && tv_us(&v.it_interval) == 1000000,
	   "ITIMER_VIRTUAL value 0 + interval: disarmed, interval kept");
	disarm(ITIMER_VIRTUAL);

	/* counts down */
	v = itv(500000, 0);
	setitimer(ITIMER_REAL, &v, NULL);
	struct itimerval a, b;
	getitimer(ITIMER_REAL, &a);
	sleep_ms(20);
	getitimer(ITIMER_REAL, &b);
	why("%ld then %ld", tv_us(&a.it_value), tv_us(&b.it_value));
	ok(tv_us(&b.it_value) <= tv_us(&a.it_value) - 20000, "getitimer counts down");

	/* alarm */
	set_handler(SIGALRM, on_signal, 0);
	v = itv(2700000, 0);
	setitimer(ITIMER_REAL, &v, NULL);
	ok(alarm(0) == 3, "alarm(0) after 2.7 s left -> 3");
	v = itv(2300000, 0);
	setitimer(ITIMER_REAL, &v, NULL);
	ok(alarm(5) == 2, "alarm(5) after 2.3 s left -> 2");
	getitimer(ITIMER_REAL, &v);
	ok(v.it_value.tv_sec == 4 || v.it_value.tv_sec == 5, "alarm(5) arms ITIMER_REAL");
	ok(alarm(0) == 5, "alarm(0) after alarm(5) -> 5");
	/* Less than half a second left still reads 1, not 0 (Linux rounds a
	 * nonzero remainder under 1 s up).  300 ms, not less: on a loaded
	 * host an emulator may take milliseconds between the two calls. */
	v = itv(300000, 0);
	setitimer(ITIMER_REAL, &v, NULL);
	ok(alarm(0) == 1, "alarm(0) with 300 ms left -> 1");
	ok(alarm(0) == 0, "alarm(0) with nothing armed -> 0");
	got[SIGALRM] = 0;
	alarm(1);
	ok(wait_for(SIGALRM, 1, 3000, 0), "alarm(1) raises SIGALRM");

	/* errors */
	v = itv(0, 0);
	v.it_value.tv_usec = 1000000;
	EXPECT(setitimer(ITIMER_REAL, &v, NULL), EINVAL, "setitimer(tv_usec 1000000)");
	v = itv(0, 0);
	v.it_interval.tv_usec = 1000000;
	EXPECT(setitimer(ITIMER_REAL, &v, NULL), EINVAL, "setitimer(interval tv_usec 1000000)");
	v = itv(0, 0);
	v.it_value.tv_sec = -1;
	EXPECT(setitimer(ITIMER_REAL, &v, NULL), EINVAL, "setitimer(tv_sec -1)");
	v = itv(0, 0);
	v.it_value.tv_usec = -1;
	EXPECT(setitimer(ITIMER_REAL, &v, NULL), EINVAL, "setitimer(tv_usec -1)");
	v = itv(1000000, 0);
	EXPECT(setitimer(3, &v, NULL), EINVAL, "setitimer(which 3)");
	EXPECT(setitimer(-1, &v, NULL), EINVAL, "setitimer(which -1)");
	EXPECT(getitimer(3, &v), EINVAL, "getitimer(which 3)");
	EXPECT(getitimer(ITIMER_REAL, BAD_PTR_LOW), EFAULT, "getitimer(bad pointer)");
	EXPECT(setitimer(ITIMER_REAL, BAD_PTR_LOW, NULL), EFAULT, "setitimer(bad pointer)");
	getitimer(ITIMER_REAL, &v);
	ok(tv_us(&v.it_value) == 0, "failed setitimer calls armed nothing");
	return done();
}
