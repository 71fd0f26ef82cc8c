/*
 * Cancellation at a sleep: a thread blocked in nanosleep, clock_nanosleep,
 * sleep or pause is cancelled by pthread_cancel (deferred, the default),
 * its cleanup handlers run innermost first and its key's destructor runs,
 * and pthread_join returns PTHREAD_CANCELED; with cancellation disabled the
 * sleep runs its whole time and the cancellation acts at the next
 * cancellation point once enabled; a thread cancelled in pthread_join
 * leaves its target joinable; the errors.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include "conformance.h"

enum { NANOSLEEP, CLOCK_NANOSLEEP, SLEEP, PAUSE, NPOINTS };
static const char *const names[] = {"nanosleep", "clock_nanosleep", "sleep", "pause"};

static volatile int ready;
static int order[3], order_n, destroyed;
static pthread_key_t key;

static void record(void *arg)
{
	order[order_n++] = (int)(intptr_t)arg;
}

static void destroy(void *value)
{
	destroyed = (int)(intptr_t)value;
}

static void *sleep_in(void *arg)
{
	struct timespec ts = {30, 0};

	pthread_setspecific(key, (void *)5);
	pthread_cleanup_push(record, (void *)1);
	pthread_cleanup_push(record, (void *)2);
	__atomic_store_n(&ready, 1, __ATOMIC_SEQ_CST);
	switch ((int)(intptr_t)arg) {
	case NANOSLEEP:
		nanosleep(&ts, NULL);
		break;
	case CLOCK_NANOSLEEP:
		clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
		break;
	case SLEEP:
		sleep(30);
		break;
	case PAUSE:
		pause();
		break;
	}
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return (void *)1;
}

static int slept, disabled_old;
static int64_t slept_ns;

static void *sleep_disabled(void *arg)
{
	int64_t t0;

	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &disabled_old);
	__atomic_store_n(&ready, 1, __ATOMIC_SEQ_CST);
	t0 = mono_ns();
	slept = nanosleep(&(struct timespec){0, 100 * NS_PER_MS}, NULL);
	slept_ns = mono_ns() - t0;
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL);
	sleep_ms(10); /* a cancellation point: acts here */
	slept = -5;
	return (void *)1;
}

static pthread_t sleeper;

static void *join_sleeper(void *arg)
{
	(void)arg;
	__atomic_store_n(&ready, 1, __ATOMIC_SEQ_CST);
	pthread_join(sleeper, NULL);
	return (void *)1;
}

static pthread_t start(void *(*fn)(void *), void *arg)
{
	pthread_t t;

	ready = 0;
	pthread_create(&t, NULL, fn, arg);
	while (!__atomic_load_n(&ready, __ATOMIC_SEQ_CST))
		sleep_ms(1);
	sleep_ms(20);
	return t;
}

int main(void)
{
	pthread_t t, j;
	void *r;
	int old;

	pthread_key_create(&key, destroy);
	for (int p = 0; p < NPOINTS; p++) {
		order_n = 0;
		destroyed = 0;
		t = start(sleep_in, (void *)(intptr_t)p);
		EXPECT(pthread_cancel(t) == 0 ? 0 : -1, 0, "pthread_cancel of a thread in %s",
		       names[p]);
		ok(pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED,
		   "%s: pthread_join -> PTHREAD_CANCELED", names[p]);
		ok(order_n == 2 && order[0] == 2 && order[1] == 1,
		   "%s: its cleanup handlers ran, innermost first", names[p]);
		ok(destroyed == 5, "%s: its key's destructor ran", names[p]);
	}

	t = start(sleep_disabled, NULL);
	pthread_cancel(t);
	ok(pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED,
	   "cancellation disabled: still cancelled in the end");
	ok(disabled_old == PTHREAD_CANCEL_ENABLE, "it was enabled by default");
	why("nanosleep %d after %lld ns", slept, (long long)slept_ns);
	ok(slept == 0 && slept_ns >= 100 * NS_PER_MS,
	   "the sleep it made while disabled ran its whole 100 ms -> 0");

	sleeper = start(sleep_in, (void *)(intptr_t)PAUSE);
	j = start(join_sleeper, NULL);
	pthread_cancel(j);
	ok(pthread_join(j, &r) == 0 && r == PTHREAD_CANCELED, "a thread cancelled in pthread_join");
	pthread_cancel(sleeper);
	ok(pthread_join(sleeper, &r) == 0 && r == PTHREAD_CANCELED,
	   "the thread it was joining can still be joined");

	ok(pthread_setcancelstate(99, &old) == EINVAL, "pthread_setcancelstate(99) -> EINVAL");
	ok(pthread_setcanceltype(99, &old) == EINVAL, "pthread_setcanceltype(99) -> EINVAL");
	ok(pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old) == 0 &&
	       old == PTHREAD_CANCEL_DEFERRED,
	   "the default type is deferred");
	return done();
}
