/*
 * pthread_mutex_timedlock (CLOCK_REALTIME) and pthread_mutex_clocklock:
 * ETIMEDOUT no earlier than the deadline on the clock named, a
 * CLOCK_REALTIME deadline absolute across clock_settime, a handler does
 * not end the wait (glibc); tv_nsec checked only when the lock is busy
 * (glibc tries first), a bad clock refused at once; EDEADLK for an
 * error-checking owner, a recursive owner locks again; threads contending
 * with timed locks lose no update.
 */
#define _GNU_SOURCE
#include "waits.h"

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

/* The main thread holds m (normal): its own timed lock can only time out. */
static int wait_clock(clockid_t clock, const struct timespec *abs)
{
	return pthread_mutex_clocklock(&m, clock, abs);
}

static int wait_timed(clockid_t clock, const struct timespec *abs)
{
	if (clock == CLOCK_REALTIME)
		return pthread_mutex_timedlock(&m, abs);
	return pthread_mutex_clocklock(&m, clock, abs);
}

#define R(call, want, ...)                                                      \
	do {                                                                    \
		int r_ = (call);                                                \
		why("returned %s", errnum(r_));                                 \
		ok(r_ == (want), __VA_ARGS__);                                  \
	} while (0)

static void args(void)
{
	pthread_mutex_t e;
	pthread_mutexattr_t a;
	struct timespec bad = ns_ts(now_ns(CLOCK_REALTIME) + NS_PER_S);

	bad.tv_nsec = 1000000000;
	R(pthread_mutex_timedlock(&m, &bad), 0, "timedlock(tv_nsec 1000000000) on a free mutex -> 0");
	R(pthread_mutex_timedlock(&m, &bad), EINVAL, "timedlock(tv_nsec 1000000000) on a held mutex -> EINVAL");
	bad.tv_nsec = -1;
	R(pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &bad), EINVAL,
	  "clocklock(CLOCK_MONOTONIC, tv_nsec -1) on a held mutex -> EINVAL");
	pthread_mutex_unlock(&m);
	bad.tv_nsec = 0;
	R(pthread_mutex_clocklock(&m, CLOCK_PROCESS_CPUTIME_ID, &bad), EINVAL,
	  "clocklock(CLOCK_PROCESS_CPUTIME_ID) on a free mutex -> EINVAL");
	R(pthread_mutex_clocklock(&m, 99, &bad), EINVAL, "clocklock(clock 99) -> EINVAL");
	R(pthread_mutex_trylock(&m), 0, "the mutex is still free");
	pthread_mutex_unlock(&m);

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&e, &a);
	pthread_mutex_lock(&e);
	R(pthread_mutex_timedlock(&e, &bad), EDEADLK, "error-checking owner: timedlock -> EDEADLK");
	R(pthread_mutex_clocklock(&e, CLOCK_MONOTONIC, &bad), EDEADLK,
	  "error-checking owner: clocklock -> EDEADLK");
	pthread_mutex_unlock(&e);
	pthread_mutex_destroy(&e);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&e, &a);
	pthread_mutex_lock(&e);
	R(pthread_mutex_clocklock(&e, CLOCK_MONOTONIC, &bad), 0, "recursive owner: clocklock -> 0");
	R(pthread_mutex_unlock(&e), 0, "unlock once");
	R(pthread_mutex_unlock(&e), 0, "unlock twice");
	R(pthread_mutex_unlock(&e), EPERM, "unlock a third time -> EPERM");
	pthread_mutexattr_destroy(&a);
}

/* ---- contention ---- */

#define THREADS 4
#define ROUNDS 300

static long counter;

static void *adder(void *arg)
{
	long fails = 0;

	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		clockid_t c = i % 2 ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		struct timespec ts = ns_ts(now_ns(c) + 20 * NS_PER_S);
		int r = i % 2 ? pthread_mutex_clocklock(&m, c, &ts) : pthread_mutex_timedlock(&m, &ts);

		if (r) {
			fails++;
			continue;
		}
		long v = counter;
		if (i % 16 == 0)
			sched_yield();
		counter = v + 1;
		pthread_mutex_unlock(&m);
	}
	return (void *)fails;
}

/* A holder that keeps m 200 ms while another thread's timed lock waits. */
static void *hold_200ms(void *arg)
{
	pthread_mutex_lock(&m);
	*(volatile int *)arg = 1;
	sleep_ms(200);
	pthread_mutex_unlock(&m);
	return NULL;
}

static void contention(void)
{
	pthread_t t[THREADS];
	volatile int held = 0;
	long fails = 0;
	void *f;
	struct timespec ts;
	int r;

	for (int i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, adder, NULL);
	for (int i = 0; i < THREADS; i++) {
		pthread_join(t[i], &f);
		fails += (long)f;
	}
	why("fails %ld counter %ld", fails, counter);
	ok(fails == 0 && counter == THREADS * ROUNDS, "4 threads, 300 timed locks each: no update lost");

	pthread_create(&t[0], NULL, hold_200ms, (void *)&held);
	while (!held)
		sleep_ms(1);
	ts = ns_ts(now_ns(CLOCK_MONOTONIC) + 10 * NS_PER_S);
	r = pthread_mutex_clocklock(&m, CLOCK_MONOTONIC, &ts);
	why("%s", errnum(r));
	ok(r == 0, "clocklock waits for another thread's unlock -> 0");
	pthread_mutex_unlock(&m);
	pthread_join(t[0], NULL);
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	args();
	pthread_mutex_lock(&m);
	check_timeout("pthread_mutex_clocklock", wait_clock);
	check_timeout("pthread_mutex_timedlock", wait_timed);
	check_signal("pthread_mutex_clocklock", wait_clock, 0, ETIMEDOUT);
	check_signal("pthread_mutex_timedlock", wait_timed, SA_RESTART, ETIMEDOUT);
	check_settime("pthread_mutex_timedlock", wait_timed, allowed);
	pthread_mutex_unlock(&m);
	contention();
	return done();
}
