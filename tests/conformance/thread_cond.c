/*
 * Condition variables' timed waits on both clocks: the attribute's clock
 * (CLOCK_REALTIME by default, CLOCK_MONOTONIC by pthread_condattr_setclock,
 * the CPU clocks refused); a wait ends with ETIMEDOUT no earlier than its
 * deadline on that clock, with the mutex held again; a deadline read on
 * the other clock is far off or long past; a signal from another thread
 * ends the wait first; bad deadlines.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include "conformance.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv;
static int flag;

static struct timespec deadline(clockid_t clock, int64_t from_now)
{
	return ns_ts(now_ns(clock) + from_now);
}

/* Sets the flag and signals after 30 ms. */
static void *signal_later(void *arg)
{
	(void)arg;
	sleep_ms(30);
	pthread_mutex_lock(&m);
	flag = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&m);
	return NULL;
}

/* Waits until the flag or the deadline: the last answer. */
static int wait_flag(const struct timespec *ts)
{
	int ret = 0;

	while (!flag && ret == 0)
		ret = pthread_cond_timedwait(&cv, &m, ts);
	return ret;
}

static void *try_lock(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)pthread_mutex_trylock(&m);
}

static const char *clock_name(clockid_t c)
{
	return c == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_REALTIME";
}

static void with_clock(clockid_t clock)
{
	clockid_t other = clock == CLOCK_MONOTONIC ? CLOCK_REALTIME : CLOCK_MONOTONIC;
	const char *name = clock_name(clock);
	pthread_condattr_t a;
	struct timespec ts;
	pthread_t t;
	void *r;
	int64_t start;
	int ret;

	pthread_condattr_init(&a);
	EXPECT(pthread_condattr_setclock(&a, clock) == 0 ? 0 : -1, 0, "setclock(%s)", name);
	pthread_cond_init(&cv, &a);
	pthread_condattr_destroy(&a);

	pthread_mutex_lock(&m);
	flag = 0;
	start = now_ns(clock);
	ts = deadline(clock, 50 * NS_PER_MS);
	ret = wait_flag(&ts);
	why("returned %s after %lld ns", errname(ret), (long long)(now_ns(clock) - start));
	ok(ret == ETIMEDOUT && now_ns(clock) >= ts_ns(&ts),
	   "%s: a 50 ms wait ends with ETIMEDOUT, not before its deadline", name);
	pthread_create(&t, NULL, try_lock, NULL);
	pthread_join(t, &r);
	ok((intptr_t)r == EBUSY, "%s: the mutex is held again", name);

	ts = ns_ts(1); /* the clock's start: past on both (MONOTONIC may be < 1 s on tick386) */
	ok(wait_flag(&ts) == ETIMEDOUT, "%s: a deadline past (1 ns) -> ETIMEDOUT", name);

	flag = 0;
	ts = deadline(clock, 10 * NS_PER_S);
	pthread_create(&t, NULL, signal_later, NULL);
	ret = wait_flag(&ts);
	ok(ret == 0 && flag == 1, "%s: another thread's signal ends a 10 s wait -> 0", name);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);

	/* The other clock's "now + 30 ms", read on this one. */
	pthread_mutex_lock(&m);
	flag = 0;
	ts = deadline(other, 30 * NS_PER_MS);
	if (clock == CLOCK_MONOTONIC) {
		/* REALTIME's now is decades after MONOTONIC's: far in the future */
		pthread_create(&t, NULL, signal_later, NULL);
		ret = wait_flag(&ts);
		ok(ret == 0 && flag == 1,
		   "%s: a deadline taken from CLOCK_REALTIME is far off: the signal ends it", name);
		pthread_mutex_unlock(&m);
		pthread_join(t, NULL);
	} else {
		/* MONOTONIC's now is decades before REALTIME's: long past */
		ret = wait_flag(&ts);
		ok(ret == ETIMEDOUT,
		   "%s: a deadline taken from CLOCK_MONOTONIC is long past -> ETIMEDOUT", name);
		pthread_mutex_unlock(&m);
	}

	pthread_mutex_lock(&m);
	ts = deadline(clock, NS_PER_S);
	ts.tv_nsec = NS_PER_S;
	ok(pthread_cond_timedwait(&cv, &m, &ts) == EINVAL, "%s: tv_nsec 1e9 -> EINVAL", name);
	ts.tv_nsec = -1;
	ok(pthread_cond_timedwait(&cv, &m, &ts) == EINVAL, "%s: tv_nsec -1 -> EINVAL", name);
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	ok(pthread_cond_timedwait(&cv, &m, &ts) == ETIMEDOUT, "%s: tv_sec -1 -> ETIMEDOUT", name);
	pthread_mutex_unlock(&m);
	pthread_cond_destroy(&cv);
}

int main(void)
{
	pthread_condattr_t a;
	clockid_t c = -1;

	pthread_condattr_init(&a);
	ok(pthread_condattr_getclock(&a, &c) == 0 && c == CLOCK_REALTIME,
	   "a condition attribute's clock is CLOCK_REALTIME by default");
	ok(pthread_condattr_setclock(&a, CLOCK_PROCESS_CPUTIME_ID) == EINVAL,
	   "setclock(CLOCK_PROCESS_CPUTIME_ID) -> EINVAL");
	ok(pthread_condattr_setclock(&a, CLOCK_THREAD_CPUTIME_ID) == EINVAL,
	   "setclock(CLOCK_THREAD_CPUTIME_ID) -> EINVAL");
	ok(pthread_condattr_setclock(&a, 99) == EINVAL, "setclock(99) -> EINVAL");
	ok(pthread_condattr_getclock(&a, &c) == 0 && c == CLOCK_REALTIME,
	   "a refused clock leaves the attribute as it was");
	pthread_condattr_destroy(&a);
	with_clock(CLOCK_REALTIME);
	with_clock(CLOCK_MONOTONIC);
	return done();
}
