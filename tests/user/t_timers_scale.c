/*
 * Scale: 100,000 armed POSIX timers in one task.  Every id distinct and
 * readable, the time left of each within what was set, 1000 of them brought
 * forward to fire (each its own queued signal, in expiry order), then all
 * deleted.  The kernel's line at init's end gives the memory each cost.
 */
/* expect-line: tick386: posix timers: now 0, peak 100000, */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 100000
#define FIRE 1000

static timer_t ids[N];

static double elapsed_ns(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) * 1e9 + (double)(b->tv_nsec - a->tv_nsec);
}

int main(void)
{
	struct timespec t0, t1;
	struct sigevent ev;
	sigset_t set;
	int bad = 0;

	UTAP_PLAN(7);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < N; i++) {
		ev.sigev_value.sival_int = i;
		if (timer_create(CLOCK_MONOTONIC, &ev, &ids[i]) != 0)
			bad++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	UTAP_OK(bad == 0, "created %d timers (%.0f ns each)", N, elapsed_ns(&t0, &t1) / N);

	/* Arm each between 1000 and 1100 s from now, in a scrambled order. */
	bad = 0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (int i = 0; i < N; i++) {
		int k = (int)(((long long)i * 7919) % N);
		struct itimerspec its = {{0, 0}, {1000 + k % 100, (k * 9973L) % 1000000000L}};
		if (timer_settime(ids[k], 0, &its, NULL) != 0)
			bad++;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	UTAP_OK(bad == 0, "armed all %d (%.0f ns each)", N, elapsed_ns(&t0, &t1) / N);

	int distinct = 1;
	for (int i = 1; i < N && distinct; i++)
		distinct = ids[i] != ids[i - 1]; /* ids are handed out increasing */
	UTAP_OK(distinct, "ids distinct");

	/* Left: at most the value set, at least that minus the time since arming
	 * began, measured after the last read (the reads take time too). */
	bad = 0;
	static double lefts[N / 97 + 1];
	struct timespec t2;
	int n = 0;
	for (int k = 0; k < N; k += 97, n++) {
		struct itimerspec cur;
		if (timer_gettime(ids[k], &cur) != 0) {
			bad++;
			lefts[n] = -1;
			continue;
		}
		lefts[n] = cur.it_value.tv_sec * 1e9 + cur.it_value.tv_nsec;
	}
	clock_gettime(CLOCK_MONOTONIC, &t2);
	double since_arming = elapsed_ns(&t0, &t2) + 1e6;
	n = 0;
	for (int k = 0; k < N; k += 97, n++) {
		double set = (1000 + k % 100) * 1e9 + (double)((k * 9973L) % 1000000000L);
		if (lefts[n] > set || lefts[n] < set - since_arming)
			bad++;
	}
	UTAP_OK(bad == 0, "time left of every 97th timer is within what was set");

	/*
	 * Bring 1000 forward to base + 201..1200 ms (all armed before the first
	 * is due), in reverse order of their
	 * index.  Absolute times: relative ones would invert whenever arming
	 * two of them took longer than the 1 ms between them.
	 */
	struct timespec base;
	bad = 0;
	clock_gettime(CLOCK_MONOTONIC, &base);
	for (int i = 0; i < FIRE; i++) {
		long long ns = (long long)base.tv_nsec + (200 + FIRE - i) * 1000000LL;
		struct itimerspec its = {{0, 0}, {base.tv_sec + (time_t)(ns / 1000000000), (long)(ns % 1000000000)}};
		if (timer_settime(ids[i * (N / FIRE)], TIMER_ABSTIME, &its, NULL) != 0)
			bad++;
	}
	int got = 0, in_order = 1, last = N;
	struct timespec wait = {5, 0};
	siginfo_t info;
	while (got < FIRE && sigtimedwait(&set, &info, &wait) == SIGRTMIN) {
		if (info.si_value.sival_int > last)
			in_order = 0;
		last = info.si_value.sival_int;
		got++;
	}
	UTAP_OK(bad == 0 && got == FIRE, "%d of %d brought-forward timers signalled", got, FIRE);
	UTAP_OK(in_order, "their signals came in expiry order");

	bad = 0;
	for (int i = 0; i < N; i++)
		if (timer_delete(ids[i]) != 0)
			bad++;
	struct itimerspec cur;
	UTAP_OK(bad == 0 && timer_gettime(ids[0], &cur) == -1 && errno == EINVAL,
		"all deleted; a deleted id is EINVAL");
	return UTAP_DONE();
}
