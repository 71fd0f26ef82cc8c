/*
 * clock_settime(CLOCK_REALTIME) moves the wall clock, and with it only the
 * timers and sleeps that wait for an absolute wall time (POSIX, and what
 * Linux's clock_was_set does): relative CLOCK_REALTIME timers and all
 * CLOCK_MONOTONIC ones keep measuring their interval.  Safe to run only on
 * tick386: on a Linux host it would move the host's clock.
 */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

static timer_t make(clockid_t clock, int value)
{
	struct sigevent ev;
	timer_t id;
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = value;
	timer_create(clock, &ev, &id);
	return id;
}

static double ns_of(const struct timespec *t)
{
	return (double)t->tv_sec * 1e9 + (double)t->tv_nsec;
}

static double mono_ms(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (ns_of(&now) - ns_of(start)) / 1e6;
}

int main(void)
{
	struct timespec rt, start, wait = {3, 0};
	sigset_t set;
	siginfo_t info;

	UTAP_PLAN(9);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);

	/* A: absolute realtime, 10 s ahead.  B: relative realtime 300 ms.
	 * C: monotonic 300 ms.  Then the wall clock jumps 9.9 s forward. */
	timer_t a = make(CLOCK_REALTIME, 1), b = make(CLOCK_REALTIME, 2), c = make(CLOCK_MONOTONIC, 3);
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &start);
	struct itimerspec abs10 = {{0, 0}, {rt.tv_sec + 10, rt.tv_nsec}};
	struct itimerspec rel300 = {{0, 0}, {0, 300000000}};
	timer_settime(a, TIMER_ABSTIME, &abs10, NULL);
	timer_settime(b, 0, &rel300, NULL);
	timer_settime(c, 0, &rel300, NULL);
	struct timespec jump = {rt.tv_sec + 9, rt.tv_nsec + 900000000};
	if (jump.tv_nsec >= 1000000000) {
		jump.tv_sec++;
		jump.tv_nsec -= 1000000000;
	}
	UTAP_OK(clock_settime(CLOCK_REALTIME, &jump) == 0, "clock_settime(CLOCK_REALTIME) +9.9 s");
	struct timespec rt2;
	clock_gettime(CLOCK_REALTIME, &rt2);
	UTAP_OK(rt2.tv_sec - rt.tv_sec >= 9 && rt2.tv_sec - rt.tv_sec <= 10, "the wall clock moved");

	int order[3], n = 0;
	double when[3];
	while (n < 3 && sigtimedwait(&set, &info, &wait) == SIGRTMIN) {
		order[n] = info.si_value.sival_int;
		when[n++] = mono_ms(&start);
	}
	UTAP_OK(n == 3, "all three fired");
	UTAP_OK(n >= 1 && order[0] == 1 && when[0] < 250,
		"the absolute realtime timer fired first, ~100 ms in (%.0f ms)", n ? when[0] : -1.0);
	UTAP_OK(n == 3 && when[1] >= 300 && when[2] >= 300,
		"the relative ones still took their 300 ms (%.0f, %.0f ms)", n == 3 ? when[1] : -1.0,
		n == 3 ? when[2] : -1.0);

	/* Backwards: an absolute timer 200 ms ahead, then the clock goes back 10 s:
	 * it must now be ~10.2 s away, not fire at 200 ms. */
	clock_gettime(CLOCK_REALTIME, &rt);
	struct itimerspec abs200 = {{0, 0}, {rt.tv_sec, rt.tv_nsec + 200000000}};
	if (abs200.it_value.tv_nsec >= 1000000000) {
		abs200.it_value.tv_sec++;
		abs200.it_value.tv_nsec -= 1000000000;
	}
	timer_settime(a, TIMER_ABSTIME, &abs200, NULL);
	struct timespec back = {rt.tv_sec - 10, rt.tv_nsec};
	clock_settime(CLOCK_REALTIME, &back);
	struct timespec short_wait = {0, 400000000};
	UTAP_OK(sigtimedwait(&set, &info, &short_wait) == -1 && errno == EAGAIN,
		"after the clock went back 10 s, it did not fire at 200 ms");
	struct itimerspec cur;
	timer_gettime(a, &cur);
	UTAP_OK(cur.it_value.tv_sec >= 9 && cur.it_value.tv_sec <= 10,
		"timer_gettime says ~9.8 s left (%ld s)", (long)cur.it_value.tv_sec);

	/* An absolute CLOCK_REALTIME sleep until a time already past returns at once. */
	clock_gettime(CLOCK_REALTIME, &rt);
	struct timespec past = {rt.tv_sec - 1, rt.tv_nsec};
	clock_gettime(CLOCK_MONOTONIC, &start);
	UTAP_OK(clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &past, NULL) == 0 && mono_ms(&start) < 50,
		"an absolute sleep until a past wall time returns at once");
	struct timespec bad = {0, 1000000000};
	UTAP_OK(clock_settime(CLOCK_REALTIME, &bad) == -1 && errno == EINVAL,
		"clock_settime with tv_nsec = 1e9 is EINVAL");
	timer_delete(a);
	timer_delete(b);
	timer_delete(c);
	return UTAP_DONE();
}
