/*
 * 32 threads, each with a periodic timer of its own period whose signal
 * (SIGEV_THREAD_ID) is aimed at it alone and taken with sigwaitinfo.  Every
 * expiry must be counted exactly once: the signals a thread takes plus
 * their overruns equal the periods elapsed before the timer's next expiry,
 * which timer_gettime gives (the accounting of Linux 6.13: a periodic timer
 * re-arms when its signal is delivered and counts the periods it missed).
 * Every fourth signal, a thread looks away for 2.5 periods: those
 * expiries must come back as overruns.  No thread may see another's signal.  Under -icount, so that the run is
 * the same every time; at the end the runner checks that every page came
 * back, and the kernel that no timer is left.
 */
/* expect: status=0 */
/* qemu: -icount shift=3,sleep=off */
/* expect-line: tick386: posix timers: now 0, peak 32, */
#define RAWTHREAD_MAX 32
#include "../tap.h"
#include "rawthread.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define THREADS 32
#define EXPIRIES 25
#define NS 1000000000ll

struct result {
	long long counted;  /* signals + overruns */
	long long due;	    /* periods elapsed before the next expiry */
	int signals;	    /* signals taken */
	int foreign;	    /* signals of another timer */
	int err;	    /* a call that failed: its errno */
};

static struct result results[THREADS];
static volatile int ready;

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * NS + ts->tv_nsec;
}

static int timer_thread(void *arg)
{
	int i = (int)(intptr_t)arg;
	struct result *r = &results[i];
	long long period = 1000000 + i * 137000ll; /* 1 ms .. 5.2 ms, all different */
	struct itimerspec its, left;
	struct sigevent ev;
	struct timespec now;
	long long start_ns;
	sigset_t set;
	siginfo_t si;
	timer_t timer;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_notify_thread_id = (int)gettid_();
	ev.sigev_value.sival_int = i;
	if (timer_create(CLOCK_MONOTONIC, &ev, &timer)) {
		r->err = errno;
		return 1;
	}
	__atomic_add_fetch(&ready, 1, __ATOMIC_SEQ_CST);
	clock_gettime(CLOCK_MONOTONIC, &now);
	start_ns = ts_ns(&now) + 2000000; /* the first expiry, absolute */
	its.it_value.tv_sec = start_ns / NS;
	its.it_value.tv_nsec = start_ns % NS;
	its.it_interval.tv_sec = 0;
	its.it_interval.tv_nsec = period;
	timer_settime(timer, TIMER_ABSTIME, &its, NULL);
	while (r->counted < EXPIRIES) {
		if (sigwaitinfo(&set, &si) != SIGRTMIN) {
			r->err = errno;
			break;
		}
		r->signals++;
		if (si.si_code != SI_TIMER || si.si_value.sival_int != i)
			r->foreign++;
		r->counted += 1 + si.si_overrun;
		if (r->signals % 4 == 0) {
			/* Away for 2.5 periods: expiries come while the signal
			 * waits, and must come back as its overrun. */
			struct timespec away = {0, period * 5 / 2};

			nanosleep(&away, NULL);
		}
	}
	/*
	 * The exact count: with no signal of ours waiting, the timer is armed
	 * at its next expiry, whose index is the number of expiries so far.
	 * A signal that came meanwhile is taken first.
	 */
	for (;;) {
		struct timespec zero = {0, 0};

		if (timer_gettime(timer, &left))
			r->err = errno;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (sigtimedwait(&set, &si, &zero) == SIGRTMIN) {
			r->signals++;
			r->counted += 1 + si.si_overrun;
			continue;
		}
		break;
	}
	/* next expiry = now + left, = start + due * period (rounded: the two
	 * reads are a few instructions apart) */
	r->due = (ts_ns(&now) + ts_ns(&left.it_value) - start_ns + period / 2) / period;
	if (timer_delete(timer))
		r->err = errno;
	return 0;
}

int main(void)
{
	sigset_t set;
	int i, bad = 0;

	/* Blocked in every thread (they inherit it): sigwaitinfo takes them. */
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (i = 0; i < THREADS; i++) {
		if (start(i, timer_thread, (void *)(intptr_t)i) <= 0) {
			ok(0, "clone %d", i);
			return done_testing();
		}
	}
	for (i = 0; i < THREADS; i++)
		join(i);
	ok(ready == THREADS, "%d threads each made a timer aimed at itself", ready);
	for (i = 0; i < THREADS; i++) {
		struct result *r = &results[i];

		if (r->err || r->foreign || r->counted != r->due || r->counted < EXPIRIES) {
			bad++;
			tap_note("thread %d: err %d foreign %d signals %d counted %lld due %lld", i,
				 r->err, r->foreign, r->signals, r->counted, r->due);
		}
	}
	ok(bad == 0, "every thread: signals + overruns == periods elapsed, none foreign (%d bad)",
	   bad);
	{
		int total = 0, overruns = 0;

		for (i = 0; i < THREADS; i++) {
			total += results[i].signals;
			overruns += (int)(results[i].counted - results[i].signals);
		}
		tap_note("%d signals, %d overruns over %d threads", total, overruns, THREADS);
	}
	return done_testing();
}
