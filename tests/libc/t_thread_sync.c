/*
 * Synchronisation between threads of user/libc: the three mutex types and
 * their errors, timed locks, condition variables on both clocks, keys and
 * their destructors.  The errors are glibc's (checked against it on the
 * host: build this file with i686-linux-gnu-gcc -static -pthread).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#define NS_PER_S 1000000000LL

static int64_t now_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

static struct timespec at(clockid_t c, int64_t from_now_ns)
{
	int64_t t = now_ns(c) + from_now_ns;
	struct timespec ts = {(time_t)(t / NS_PER_S), (long)(t % NS_PER_S)};

	return ts;
}

static pthread_mutex_t m;

static void *other_unlock(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)pthread_mutex_unlock(&m);
}

static void *other_trylock(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)pthread_mutex_trylock(&m);
}

static void *other_timedlock(void *arg)
{
	struct timespec ts = at(CLOCK_REALTIME, 30000000);

	(void)arg;
	return (void *)(intptr_t)pthread_mutex_timedlock(&m, &ts);
}

/* The answer of fn run in another thread. */
static int in_thread(void *(*fn)(void *))
{
	pthread_t t;
	void *r;

	pthread_create(&t, NULL, fn, NULL);
	pthread_join(t, &r);
	return (int)(intptr_t)r;
}

static void make_mutex(int type)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, type);
	pthread_mutex_init(&m, &a);
	pthread_mutexattr_destroy(&a);
}

static void test_mutex_errors(void)
{
	pthread_mutexattr_t a;
	struct timespec ts;
	int type, v;

	pthread_mutexattr_init(&a);
	ok(pthread_mutexattr_gettype(&a, &type) == 0 && type == PTHREAD_MUTEX_DEFAULT,
	   "mutexattr: the default type");
	ok(pthread_mutexattr_settype(&a, 99) == EINVAL, "settype(99) -> EINVAL");
	ok(pthread_mutexattr_setpshared(&a, 99) == EINVAL, "setpshared(99) -> EINVAL");
	ok(pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED) == 0 &&
	       pthread_mutexattr_getpshared(&a, &v) == 0 && v == PTHREAD_PROCESS_SHARED,
	   "setpshared(SHARED) reads back");
	ok(pthread_mutexattr_setprotocol(&a, 99) == EINVAL &&
	       pthread_mutexattr_setrobust(&a, 99) == EINVAL,
	   "setprotocol(99), setrobust(99) -> EINVAL");
	pthread_mutexattr_destroy(&a);

	make_mutex(PTHREAD_MUTEX_ERRORCHECK);
	ok(pthread_mutex_unlock(&m) == EPERM, "errorcheck: unlocking it unlocked -> EPERM");
	ok(pthread_mutex_lock(&m) == 0, "errorcheck: lock");
	ok(pthread_mutex_lock(&m) == EDEADLK, "errorcheck: relock by the owner -> EDEADLK");
	ok(pthread_mutex_trylock(&m) == EBUSY, "errorcheck: trylock by the owner -> EBUSY");
	ts = at(CLOCK_REALTIME, 1000000);
	ts.tv_nsec = NS_PER_S;
	ok(pthread_mutex_timedlock(&m, &ts) == EDEADLK,
	   "errorcheck: timedlock by the owner -> EDEADLK (before its time is looked at)");
	ok(in_thread(other_unlock) == EPERM, "errorcheck: unlock by another thread -> EPERM");
	ok(in_thread(other_trylock) == EBUSY, "errorcheck: trylock by another thread -> EBUSY");
	ok(in_thread(other_timedlock) == ETIMEDOUT,
	   "errorcheck: timedlock by another thread -> ETIMEDOUT");
	ok(pthread_mutex_destroy(&m) == EBUSY, "destroying a locked mutex -> EBUSY");
	ok(pthread_mutex_unlock(&m) == 0 && pthread_mutex_destroy(&m) == 0,
	   "unlock, then destroy -> 0");

	make_mutex(PTHREAD_MUTEX_RECURSIVE);
	ok(pthread_mutex_unlock(&m) == EPERM, "recursive: unlocking it unlocked -> EPERM");
	ok(pthread_mutex_lock(&m) == 0 && pthread_mutex_lock(&m) == 0 &&
	       pthread_mutex_trylock(&m) == 0,
	   "recursive: lock, lock, trylock by the owner");
	ok(in_thread(other_unlock) == EPERM, "recursive: unlock by another thread -> EPERM");
	ok(in_thread(other_trylock) == EBUSY, "recursive: trylock by another thread -> EBUSY");
	ok(pthread_mutex_unlock(&m) == 0 && pthread_mutex_unlock(&m) == 0 &&
	       in_thread(other_trylock) == EBUSY,
	   "recursive: still held after two of three unlocks");
	ok(pthread_mutex_unlock(&m) == 0 && pthread_mutex_unlock(&m) == EPERM,
	   "recursive: the third unlock frees it, a fourth -> EPERM");
	ok(in_thread(other_trylock) == 0 && pthread_mutex_trylock(&m) == EBUSY,
	   "recursive: another thread can take it then");

	pthread_mutex_init(&m, NULL);
	ok(pthread_mutex_lock(&m) == 0, "normal: lock");
	ok(in_thread(other_trylock) == EBUSY, "normal: trylock by another thread -> EBUSY");
	ts = at(CLOCK_REALTIME, 0);
	ts.tv_nsec = NS_PER_S;
	ok(pthread_mutex_timedlock(&m, &ts) == EINVAL, "normal: timedlock, tv_nsec 1e9 -> EINVAL");
	ts.tv_nsec = -1;
	ok(pthread_mutex_timedlock(&m, &ts) == EINVAL, "normal: timedlock, tv_nsec -1 -> EINVAL");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	ok(pthread_mutex_timedlock(&m, &ts) == ETIMEDOUT,
	   "normal: timedlock, tv_sec -1 -> ETIMEDOUT");
	{
		int64_t t0 = now_ns(CLOCK_REALTIME);

		ts = at(CLOCK_REALTIME, 30000000);
		v = pthread_mutex_timedlock(&m, &ts);
		ok(v == ETIMEDOUT && now_ns(CLOCK_REALTIME) >= t0 + 30000000,
		   "normal: timedlock held by oneself waits its time out -> ETIMEDOUT");
	}
	ok(pthread_mutex_unlock(&m) == 0, "normal: unlock");
	ts = at(CLOCK_REALTIME, 0);
	ts.tv_nsec = NS_PER_S;
	ok(pthread_mutex_timedlock(&m, &ts) == 0,
	   "a free mutex: timedlock takes it, its time unread");
	pthread_mutex_unlock(&m);
}

/* N threads each add M under a mutex: the sum is exact. */
#define ADDERS 8
#define ADDS 20000
static long counter;

static void *add_locked(void *arg)
{
	int recursive = (int)(intptr_t)arg;

	for (int i = 0; i < ADDS; i++) {
		pthread_mutex_lock(&m);
		if (recursive)
			pthread_mutex_lock(&m);
		counter++;
		if (recursive)
			pthread_mutex_unlock(&m);
		pthread_mutex_unlock(&m);
		if (i % 1000 == 0)
			sched_yield();
	}
	return NULL;
}

static void test_mutex_counts(void)
{
	static const int types[] = {PTHREAD_MUTEX_NORMAL, PTHREAD_MUTEX_RECURSIVE,
				    PTHREAD_MUTEX_ERRORCHECK};
	static const char *const names[] = {"normal", "recursive", "errorcheck"};

	for (int k = 0; k < 3; k++) {
		pthread_t t[ADDERS];

		make_mutex(types[k]);
		counter = 0;
		for (int i = 0; i < ADDERS; i++)
			pthread_create(&t[i], NULL, add_locked,
				       (void *)(intptr_t)(types[k] == PTHREAD_MUTEX_RECURSIVE));
		for (int i = 0; i < ADDERS; i++)
			pthread_join(t[i], NULL);
		tap_why("counter %ld", counter);
		ok(counter == (long)ADDERS * ADDS,
		   "%s mutex: %d threads x %d increments, none lost", names[k], ADDERS, ADDS);
	}
}

static pthread_cond_t cv;
static int ready, woken;

static void *wait_cv(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	ready++;
	while (!woken)
		pthread_cond_wait(&cv, &m);
	woken--;
	pthread_mutex_unlock(&m);
	return NULL;
}

static void test_cond(void)
{
	pthread_condattr_t ca;
	pthread_t t[4];
	clockid_t c;
	struct timespec ts;
	int v;

	pthread_condattr_init(&ca);
	ok(pthread_condattr_getclock(&ca, &c) == 0 && c == CLOCK_REALTIME,
	   "condattr: CLOCK_REALTIME by default");
	ok(pthread_condattr_setclock(&ca, CLOCK_PROCESS_CPUTIME_ID) == EINVAL &&
	       pthread_condattr_setclock(&ca, CLOCK_THREAD_CPUTIME_ID) == EINVAL &&
	       pthread_condattr_setclock(&ca, 99) == EINVAL,
	   "setclock(CPU clocks, 99) -> EINVAL");
	ok(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) == 0 &&
	       pthread_condattr_getclock(&ca, &c) == 0 && c == CLOCK_MONOTONIC,
	   "setclock(CLOCK_MONOTONIC) reads back");
	ok(pthread_condattr_setpshared(&ca, 99) == EINVAL, "condattr setpshared(99) -> EINVAL");

	for (int k = 0; k < 2; k++) {
		clockid_t clock = k ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		const char *name = k ? "MONOTONIC" : "REALTIME";
		int64_t t0;

		pthread_condattr_setclock(&ca, clock);
		pthread_cond_init(&cv, &ca);
		pthread_mutex_init(&m, NULL);
		pthread_mutex_lock(&m);
		t0 = now_ns(clock);
		ts = at(clock, 30000000);
		v = pthread_cond_timedwait(&cv, &m, &ts);
		ok(v == ETIMEDOUT && now_ns(clock) >= t0 + 30000000,
		   "timedwait on %s: ETIMEDOUT, not before its time", name);
		ok(pthread_mutex_trylock(&m) == EBUSY && in_thread(other_trylock) == EBUSY,
		   "timedwait on %s: returns with the mutex held", name);
		ts.tv_nsec = NS_PER_S;
		ok(pthread_cond_timedwait(&cv, &m, &ts) == EINVAL, "%s: tv_nsec 1e9 -> EINVAL",
		   name);
		ts.tv_nsec = -1;
		ok(pthread_cond_timedwait(&cv, &m, &ts) == EINVAL, "%s: tv_nsec -1 -> EINVAL",
		   name);
		ts.tv_sec = -1;
		ts.tv_nsec = 0;
		ok(pthread_cond_timedwait(&cv, &m, &ts) == ETIMEDOUT, "%s: tv_sec -1 -> ETIMEDOUT",
		   name);
		pthread_mutex_unlock(&m);
		pthread_cond_destroy(&cv);
	}

	/* signal wakes one, broadcast all */
	pthread_cond_init(&cv, NULL);
	pthread_mutex_init(&m, NULL);
	ready = woken = 0;
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, wait_cv, NULL);
	pthread_mutex_lock(&m);
	while (ready < 4) {
		pthread_mutex_unlock(&m);
		usleep(1000);
		pthread_mutex_lock(&m);
	}
	woken = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&m);
	for (int i = 0; i < 200; i++) {
		pthread_mutex_lock(&m);
		v = woken;
		pthread_mutex_unlock(&m);
		if (!v)
			break;
		usleep(1000);
	}
	ok(v == 0, "pthread_cond_signal: one waiter takes the token");
	pthread_mutex_lock(&m);
	woken = 3;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&m);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	ok(woken == 0, "pthread_cond_broadcast: the other three wake");

	make_mutex(PTHREAD_MUTEX_ERRORCHECK);
	ts = at(CLOCK_REALTIME, 1000000000);
	ok(pthread_cond_timedwait(&cv, &m, &ts) == EPERM && pthread_cond_wait(&cv, &m) == EPERM,
	   "waiting with an error-checking mutex not held -> EPERM");
	ok(pthread_cond_destroy(&cv) == 0, "pthread_cond_destroy");
}

static pthread_key_t key, key2;
static volatile int destructor_calls, destructor_sum;

static void destructor(void *v)
{
	destructor_calls++;
	destructor_sum += (int)(intptr_t)v;
}

/* Sets its value again, once: the destructors run in rounds. */
static void destructor_again(void *v)
{
	destructor_calls++;
	if ((intptr_t)v == 1)
		pthread_setspecific(key2, (void *)2);
}

static void *use_keys(void *arg)
{
	int good = pthread_getspecific(key) == NULL;

	pthread_setspecific(key, arg);
	pthread_setspecific(key2, (void *)1);
	good &= pthread_getspecific(key) == arg;
	return (void *)(intptr_t)good;
}

static void test_keys(void)
{
	pthread_key_t keys[PTHREAD_KEYS_MAX];
	pthread_t t;
	void *r;
	int n, err;

	ok(pthread_key_create(&key, destructor) == 0, "pthread_key_create");
	ok(pthread_key_create(&key2, destructor_again) == 0 && key2 != key, "a second key");
	ok(pthread_getspecific(key) == NULL, "a new key's value is NULL");
	ok(pthread_setspecific(key, (void *)5) == 0 && pthread_getspecific(key) == (void *)5,
	   "setspecific, getspecific");
	pthread_create(&t, NULL, use_keys, (void *)40);
	pthread_join(t, &r);
	ok(r == (void *)1, "another thread starts NULL and has its own value");
	ok(pthread_getspecific(key) == (void *)5, "which leaves this thread's alone");
	ok(destructor_calls == 3 && destructor_sum == 40,
	   "at its end the destructors ran, in rounds while values remain");
	ok(pthread_key_delete(key) == 0, "pthread_key_delete");
	ok(pthread_key_delete(key) == EINVAL, "deleting it again -> EINVAL");
	ok(pthread_setspecific(key, (void *)1) == EINVAL, "setspecific on a deleted key -> EINVAL");
	ok(pthread_setspecific(1000000, (void *)1) == EINVAL &&
	       pthread_getspecific(1000000) == NULL && pthread_key_delete(1000000) == EINVAL,
	   "key 1000000: setspecific, delete -> EINVAL, getspecific NULL");
	pthread_key_create(&key, NULL);
	ok(pthread_getspecific(key) == NULL,
	   "a key made again starts NULL in the thread that had one");
	pthread_key_delete(key);
	pthread_key_delete(key2);

	for (n = 0; n < PTHREAD_KEYS_MAX; n++)
		if (pthread_key_create(&keys[n], NULL) != 0)
			break;
	err = pthread_key_create(&key, NULL);
	ok(n == PTHREAD_KEYS_MAX && err == EAGAIN, "PTHREAD_KEYS_MAX keys, then EAGAIN");
	for (int i = 0; i < n; i++)
		pthread_key_delete(keys[i]);
}

/* A small __thread variable: the first thread's TLS fits the libc's own area. */
static __thread int small_tls = 7;

static void *read_small_tls(void *arg)
{
	(void)arg;
	return (void *)(intptr_t)small_tls;
}

int main(void)
{
	small_tls = 8;
	ok(in_thread(read_small_tls) == 7 && small_tls == 8,
	   "a small __thread variable per thread");
	test_mutex_errors();
	test_mutex_counts();
	test_cond();
	test_keys();
	return done_testing();
}
