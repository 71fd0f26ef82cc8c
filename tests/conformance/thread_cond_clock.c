/*
 * pthread_cond_clockwait: the deadline is on the clock given, whatever the
 * condition's attribute says; ETIMEDOUT no earlier than it, the mutex held
 * again; a CLOCK_REALTIME deadline stays absolute across clock_settime; a
 * handler does not end the wait (glibc); EINVAL for tv_nsec or a clock a
 * futex cannot time; a signal from another thread ends the wait with 0.
 */
#define _GNU_SOURCE
#include "waits.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int flag;

static void *try_lock(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)pthread_mutex_trylock(&m);
}

/* Waits with nobody signalling; the mutex must be held again after. */
static int wait_clock(clockid_t clock, const struct timespec *abs)
{
	pthread_t t;
	void *busy;
	int r;

	pthread_mutex_lock(&m);
	r = pthread_cond_clockwait(&cv, &m, clock, abs);
	pthread_create(&t, NULL, try_lock, NULL);
	pthread_join(t, &busy);
	pthread_mutex_unlock(&m);
	if ((intptr_t)busy != EBUSY)
		return -1; /* not held again: neither 0 nor an error number */
	return r;
}

static void *signal_later(void *arg)
{
	(void)arg;
	sleep_ms(50);
	pthread_mutex_lock(&m);
	flag = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&m);
	return NULL;
}

static void args_and_signal(void)
{
	struct timespec ts = ns_ts(now_ns(CLOCK_MONOTONIC) + NS_PER_S);
	pthread_condattr_t a;
	pthread_t t;
	int r = 0;

	pthread_mutex_lock(&m);
	ts.tv_nsec = 1000000000;
	r = pthread_cond_clockwait(&cv, &m, CLOCK_MONOTONIC, &ts);
	why("%s", errnum(r));
	ok(r == EINVAL, "clockwait(tv_nsec 1000000000) -> EINVAL");
	ts.tv_nsec = -1;
	r = pthread_cond_clockwait(&cv, &m, CLOCK_REALTIME, &ts);
	why("%s", errnum(r));
	ok(r == EINVAL, "clockwait(tv_nsec -1) -> EINVAL");
	ts.tv_nsec = 0;
	r = pthread_cond_clockwait(&cv, &m, CLOCK_PROCESS_CPUTIME_ID, &ts);
	why("%s", errnum(r));
	ok(r == EINVAL, "clockwait(CLOCK_PROCESS_CPUTIME_ID) -> EINVAL");
	r = pthread_cond_clockwait(&cv, &m, 99, &ts);
	why("%s", errnum(r));
	ok(r == EINVAL, "clockwait(clock 99) -> EINVAL");
	pthread_mutex_unlock(&m);

	/* The attribute says MONOTONIC; a REALTIME deadline is read on REALTIME. */
	pthread_condattr_init(&a);
	pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
	pthread_cond_init(&cv, &a);
	pthread_condattr_destroy(&a);
	int64_t start = now_ns(CLOCK_REALTIME);
	ts = ns_ts(start + 100 * NS_PER_MS);
	r = wait_clock(CLOCK_REALTIME, &ts);
	why("%s after %lld ns", errnum(r), (long long)(now_ns(CLOCK_REALTIME) - start));
	ok(r == ETIMEDOUT && now_ns(CLOCK_REALTIME) >= ts_ns(&ts),
	   "MONOTONIC condition, clockwait on CLOCK_REALTIME: ETIMEDOUT at the realtime deadline");
	pthread_cond_destroy(&cv);
	pthread_cond_init(&cv, NULL);

	flag = 0;
	pthread_mutex_lock(&m);
	pthread_create(&t, NULL, signal_later, NULL);
	ts = ns_ts(now_ns(CLOCK_MONOTONIC) + 10 * NS_PER_S);
	r = 0;
	while (!flag && r == 0)
		r = pthread_cond_clockwait(&cv, &m, CLOCK_MONOTONIC, &ts);
	pthread_mutex_unlock(&m);
	pthread_join(t, NULL);
	why("%s", errnum(r));
	ok(r == 0 && flag, "a signal from another thread ends a 10 s clockwait -> 0");
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	args_and_signal();
	check_timeout("pthread_cond_clockwait", wait_clock);
	check_signal("pthread_cond_clockwait", wait_clock, 0, ETIMEDOUT);
	check_signal("pthread_cond_clockwait", wait_clock, SA_RESTART, ETIMEDOUT);
	check_settime("pthread_cond_clockwait", wait_clock, allowed);
	return done();
}
