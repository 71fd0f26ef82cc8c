/*
 * Wall-clock timers and sleeps when CLOCK_REALTIME is set back, as Linux
 * (6.1 and 6.13 alike; this program's output on Debian's 6.1 i386 under
 * QEMU -icount, tools/runprog-linux, is the same):
 *  - a periodic absolute REALTIME timer whose signal is queued when the
 *    clock is set back before the expiry that queued it: the delivery
 *    counts nothing (si_overrun and timer_getoverrun -1), the timer stays at
 *    that expiry, and when the clock comes back it fires again; every
 *    expiry is counted once, signals + overruns = the index of the next;
 *  - a relative CLOCK_TAI timer is an absolute TAI one at now + value
 *    (Linux makes only relative REALTIME timers MONOTONIC ones): set back,
 *    its time left grows, and the same accounting holds;
 *  - a relative CLOCK_TAI clock_nanosleep is stretched by a step back,
 *    a relative REALTIME one is not.
 * Found by t_stress_timers (issue 17).
 */
/* qemu: -icount shift=3,sleep=off */
/* expect-line: tick386: posix timers: now 0, peak 2, */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef CLOCK_TAI
#define CLOCK_TAI 11
#endif
#define NS 1000000000ll
#define MS 1000000ll

static long long ns_of(const struct timespec *t)
{
	return t->tv_sec * NS + t->tv_nsec;
}

static struct timespec ts_of(long long n)
{
	struct timespec t = {(time_t)(n / NS), (long)(n % NS)};

	return t;
}

static long long now_on(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return ns_of(&t);
}

/* Move CLOCK_REALTIME by d ns. */
static int step(long long d)
{
	struct timespec t = ts_of(now_on(CLOCK_REALTIME) + d);

	return clock_settime(CLOCK_REALTIME, &t);
}

static void sleep_ms(long long ms)
{
	struct timespec t = ts_of(ms * MS);

	nanosleep(&t, NULL);
}

/* Index of t's next expiry on clock c, S the first, P the period. */
static long long next_index(timer_t t, clockid_t c, long long s, long long p)
{
	struct itimerspec cur;

	timer_gettime(t, &cur);
	return (now_on(c) + ns_of(&cur.it_value) - s + p / 2) / p;
}

/* One periodic timer on clock c (absolute or relative), its signal queued
 * across a step back of 2 s and forth again. */
static void set_back_while_queued(clockid_t c, int abs, const char *what)
{
	long long p = 10 * MS, s, counted = 0;
	struct timespec zero = {0, 0};
	struct itimerspec its, cur;
	struct sigevent ev;
	sigset_t set;
	siginfo_t si;
	timer_t t;
	int sigs = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (!ok(timer_create(c, &ev, &t) == 0, "%s: timer_create", what))
		return;
	s = now_on(c) + p;
	its.it_value = ts_of(abs ? s : p);
	its.it_interval = ts_of(p);
	timer_settime(t, abs ? TIMER_ABSTIME : 0, &its, NULL);
	if (!abs) { /* S as the kernel took it: the next expiry now */
		timer_gettime(t, &cur);
		s = now_on(c) + ns_of(&cur.it_value);
	}
	sleep_ms(25); /* expiries 0..2: the signal of 0 is queued */
	step(-2 * NS); /* before expiry 0 */
	ok(sigwaitinfo(&set, &si) == SIGRTMIN && si.si_overrun == -1 &&
		   timer_getoverrun(t) == -1,
	   "%s: the signal taken after the step back counts none: si_overrun %d, "
	   "timer_getoverrun %d",
	   what, si.si_overrun, timer_getoverrun(t));
	counted += 1 + si.si_overrun;
	ok(next_index(t, c, s, p) == 0, "%s: the timer stays at expiry 0, 2 s ahead (index %lld)",
	   what, next_index(t, c, s, p));
	step(2 * NS); /* forth again: expiries 0..4 have come */
	sleep_ms(25);
	while (sigtimedwait(&set, &si, &zero) == SIGRTMIN) {
		sigs++;
		counted += 1 + si.si_overrun;
	}
	ok(sigs >= 1 && counted == next_index(t, c, s, p) && counted >= 4,
	   "%s: each expiry counted once: %lld = the next expiry's index %lld", what, counted,
	   next_index(t, c, s, p));
	timer_delete(t);
}

int main(void)
{
	struct itimerspec its, cur;
	sigset_t set;
	timer_t tai, real;
	int status;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	set_back_while_queued(CLOCK_REALTIME, 1, "absolute REALTIME");
	set_back_while_queued(CLOCK_TAI, 1, "absolute TAI");
	set_back_while_queued(CLOCK_TAI, 0, "relative TAI");

	/* One-shots of 1 s, relative, then the clock 10 s back. */
	timer_create(CLOCK_TAI, NULL, &tai);
	timer_create(CLOCK_REALTIME, NULL, &real);
	memset(&its, 0, sizeof(its));
	its.it_value = ts_of(NS);
	timer_settime(tai, 0, &its, NULL);
	timer_settime(real, 0, &its, NULL);
	step(-10 * NS);
	timer_gettime(tai, &cur);
	ok(ns_of(&cur.it_value) > 10 * NS && ns_of(&cur.it_value) <= 11 * NS,
	   "relative TAI one-shot: 10 s more to wait after the step back (left %lld ms)",
	   ns_of(&cur.it_value) / MS);
	timer_gettime(real, &cur);
	ok(ns_of(&cur.it_value) > 0 && ns_of(&cur.it_value) <= NS,
	   "relative REALTIME one-shot: not moved (left %lld ms)", ns_of(&cur.it_value) / MS);
	step(10 * NS);
	timer_delete(tai);
	timer_delete(real);

	/* Relative sleeps of 200 ms with the clock set 1 s back 50 ms in. */
	for (int i = 0; i < 2; i++) {
		clockid_t c = i ? CLOCK_REALTIME : CLOCK_TAI;

		pid = fork();
		if (pid == 0) {
			struct timespec req = ts_of(200 * MS);
			long long t0 = now_on(CLOCK_MONOTONIC), slept;

			if (clock_nanosleep(c, 0, &req, NULL))
				_exit(99);
			slept = (now_on(CLOCK_MONOTONIC) - t0) / (100 * MS); /* in 100 ms */
			_exit(slept < 99 ? (int)slept : 99);
		}
		sleep_ms(50);
		step(-NS);
		waitpid(pid, &status, 0);
		step(NS);
		if (c == CLOCK_TAI)
			ok(WIFEXITED(status) && WEXITSTATUS(status) == 12,
			   "relative TAI sleep of 200 ms: 1 s longer (%d00 ms)", WEXITSTATUS(status));
		else
			ok(WIFEXITED(status) && WEXITSTATUS(status) == 2,
			   "relative REALTIME sleep of 200 ms: not moved (%d00 ms)",
			   WEXITSTATUS(status));
	}
	return done_testing();
}
