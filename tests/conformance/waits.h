/*
 * waits.h: what the programs on timed waits (thread_sem, thread_mutex_timed,
 * thread_rwlock, thread_cond_clock) share.  A wait under test is a function
 * that waits on an object nobody will release until an absolute deadline on
 * a clock and answers 0 or an error number.  The checks: it ends with
 * ETIMEDOUT no earlier than its deadline on that clock; a CLOCK_REALTIME
 * deadline stays absolute when the clock is set forward (the wait ends at
 * once) or back (it lasts longer) -- on tick386, or on the host only when
 * allowed (see clock_settime.c); a signal handler run during the wait
 * either ends it (EINTR) or not (ETIMEDOUT), as glibc.
 */
#ifndef WAITS_H
#define WAITS_H

#include <pthread.h>
#include "conformance.h"

typedef int wait_fn(clockid_t clock, const struct timespec *abs);

static const char *errnum(int e)
{
	switch (e) {
	case ETIMEDOUT: return "ETIMEDOUT";
	case EDEADLK: return "EDEADLK";
	case EBUSY: return "EBUSY";
	case EOVERFLOW: return "EOVERFLOW";
	default: return errname(e);
	}
}

static const char *clkname(clockid_t c)
{
	return c == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_REALTIME";
}

/* A 100 ms wait on each clock: ETIMEDOUT, not before the deadline. */
static void check_timeout(const char *name, wait_fn *fn)
{
	for (int i = 0; i < 2; i++) {
		clockid_t c = i ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		int64_t start = now_ns(c);
		struct timespec ts = ns_ts(start + 100 * NS_PER_MS);
		int r = fn(c, &ts);
		int64_t end = now_ns(c);

		why("%s after %lld ns", errnum(r), (long long)(end - start));
		ok(r == ETIMEDOUT && end >= ts_ns(&ts),
		   "%s on %s: a 100 ms wait ends with ETIMEDOUT, not before its deadline", name,
		   clkname(c));
	}
	/* A deadline already past, and one with a negative tv_sec. */
	struct timespec past = ns_ts(now_ns(CLOCK_REALTIME) - NS_PER_S);
	int r = fn(CLOCK_REALTIME, &past);

	why("%s", errnum(r));
	ok(r == ETIMEDOUT, "%s: a deadline 1 s past -> ETIMEDOUT", name);
	past.tv_sec = -1;
	past.tv_nsec = 0;
	r = fn(CLOCK_REALTIME, &past);
	why("%s", errnum(r));
	ok(r == ETIMEDOUT, "%s: tv_sec -1 -> ETIMEDOUT", name);
}

/* ---- a signal handler during the wait ---- */

static volatile sig_atomic_t waits_handled;
static pthread_t waits_target;

static void waits_handler(int sig)
{
	(void)sig;
	waits_handled++;
}

static void *waits_kill_later(void *arg)
{
	(void)arg;
	sleep_ms(50);
	pthread_kill(waits_target, SIGUSR1);
	return NULL;
}

/*
 * A SIGUSR1 handler (flags: 0 or SA_RESTART) runs 50 ms into a 300 ms
 * wait on CLOCK_MONOTONIC: want is what the wait answers (EINTR, or
 * ETIMEDOUT when the wait goes on).
 */
static void check_signal(const char *name, wait_fn *fn, int flags, int want)
{
	struct sigaction sa;
	struct timespec ts;
	pthread_t t;
	int64_t start;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = waits_handler;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	waits_handled = 0;
	waits_target = pthread_self();
	start = mono_ns();
	ts = ns_ts(start + 300 * NS_PER_MS);
	pthread_create(&t, NULL, waits_kill_later, NULL);
	r = fn(CLOCK_MONOTONIC, &ts);
	pthread_join(t, NULL);
	why("%s after %lld ns, handled %d", errnum(r), (long long)(mono_ns() - start),
	    (int)waits_handled);
	ok(r == want && waits_handled == 1 && (want != ETIMEDOUT || mono_ns() >= ts_ns(&ts)),
	   "%s: a handler%s ran during the wait -> %s", name,
	   flags & SA_RESTART ? " (SA_RESTART)" : "", errnum(want));
	signal(SIGUSR1, SIG_DFL);
}

/* ---- setting CLOCK_REALTIME during an absolute wait ---- */

static int64_t waits_shift; /* what to add to CLOCK_REALTIME, 50 ms in */

static void shift_realtime(int64_t delta)
{
	struct timespec ts = ns_ts(now_ns(CLOCK_REALTIME) + delta);

	if (clock_settime(CLOCK_REALTIME, &ts) != 0)
		note("clock_settime: errno %s", errname(errno));
}

static void *waits_shift_later(void *arg)
{
	(void)arg;
	sleep_ms(50);
	shift_realtime(waits_shift);
	return NULL;
}

/*
 * A CLOCK_REALTIME deadline 10 s ahead, the clock set 20 s forward 50 ms
 * in: the wait ends with ETIMEDOUT well before 10 s have passed.  A
 * deadline 300 ms ahead, the clock set 1 s back: the wait lasts at least
 * 1.3 s.  The clock is put back afterwards (to within the test's time).
 */
static void check_settime(const char *name, wait_fn *fn, int allowed)
{
	struct timespec ts;
	pthread_t t;
	int64_t start, took;
	int r;

	if (!allowed) {
		skip("on host: would set the host clock",
		     "%s: CLOCK_REALTIME set 20 s forward during a 10 s absolute wait -> ETIMEDOUT at once",
		     name);
		skip("on host: would set the host clock",
		     "%s: CLOCK_REALTIME set 1 s back during a 300 ms absolute wait -> ETIMEDOUT 1 s later",
		     name);
		return;
	}
	waits_shift = 20 * NS_PER_S;
	start = mono_ns();
	ts = ns_ts(now_ns(CLOCK_REALTIME) + 10 * NS_PER_S);
	pthread_create(&t, NULL, waits_shift_later, NULL);
	r = fn(CLOCK_REALTIME, &ts);
	took = mono_ns() - start;
	pthread_join(t, NULL);
	shift_realtime(-20 * NS_PER_S);
	why("%s after %lld ns of CLOCK_MONOTONIC", errnum(r), (long long)took);
	ok(r == ETIMEDOUT && took < 5 * NS_PER_S,
	   "%s: CLOCK_REALTIME set 20 s forward during a 10 s absolute wait -> ETIMEDOUT at once",
	   name);

	waits_shift = -NS_PER_S;
	start = mono_ns();
	ts = ns_ts(now_ns(CLOCK_REALTIME) + 300 * NS_PER_MS);
	pthread_create(&t, NULL, waits_shift_later, NULL);
	r = fn(CLOCK_REALTIME, &ts);
	took = mono_ns() - start;
	pthread_join(t, NULL);
	shift_realtime(NS_PER_S);
	why("%s after %lld ns of CLOCK_MONOTONIC", errnum(r), (long long)took);
	ok(r == ETIMEDOUT && took >= 1250 * NS_PER_MS,
	   "%s: CLOCK_REALTIME set 1 s back during a 300 ms absolute wait -> ETIMEDOUT 1 s later",
	   name);
}

#endif
