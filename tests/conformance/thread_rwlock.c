/*
 * Reader-writer locks, barriers, spin locks.  rwlock: readers share, a
 * writer excludes; the timed and clock locks end with ETIMEDOUT no earlier
 * than their deadline on the clock named, a CLOCK_REALTIME deadline stays
 * absolute across clock_settime, a handler does not end the wait (glibc);
 * EINVAL for a bad clock or tv_nsec before anything, EDEADLK for the
 * writer itself, EBUSY from the try forms; readers and writers contending
 * lose no update.  Barriers: exactly one PTHREAD_BARRIER_SERIAL_THREAD a
 * round, nobody passes before all arrived, EINVAL for a count of 0.  Spin
 * locks: trylock EBUSY, mutual exclusion.
 */
#define _GNU_SOURCE
#include "waits.h"

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;

#define R(call, want, ...)                                                      \
	do {                                                                    \
		int r_ = (call);                                                \
		why("returned %s", errnum(r_));                                 \
		ok(r_ == (want), __VA_ARGS__);                                  \
	} while (0)

/* ---- a thread holding rw (read or write) until told ---- */

static volatile int hold_state; /* 1: taken, 2: release */

static void *holder(void *arg)
{
	if (arg)
		pthread_rwlock_wrlock(&rw);
	else
		pthread_rwlock_rdlock(&rw);
	hold_state = 1;
	while (hold_state != 2)
		sleep_ms(2);
	pthread_rwlock_unlock(&rw);
	return NULL;
}

static pthread_t hold(int write)
{
	pthread_t t;

	hold_state = 0;
	pthread_create(&t, NULL, holder, write ? (void *)1 : NULL);
	while (hold_state != 1)
		sleep_ms(1);
	return t;
}

static void release(pthread_t t)
{
	hold_state = 2;
	pthread_join(t, NULL);
}

static int rd_clock(clockid_t clock, const struct timespec *abs)
{
	return pthread_rwlock_clockrdlock(&rw, clock, abs);
}

static int rd_timed(clockid_t clock, const struct timespec *abs)
{
	if (clock == CLOCK_REALTIME)
		return pthread_rwlock_timedrdlock(&rw, abs);
	return pthread_rwlock_clockrdlock(&rw, clock, abs);
}

static int wr_clock(clockid_t clock, const struct timespec *abs)
{
	return pthread_rwlock_clockwrlock(&rw, clock, abs);
}

static int wr_timed(clockid_t clock, const struct timespec *abs)
{
	if (clock == CLOCK_REALTIME)
		return pthread_rwlock_timedwrlock(&rw, abs);
	return pthread_rwlock_clockwrlock(&rw, clock, abs);
}

static void rwlock_args(void)
{
	struct timespec ts = ns_ts(now_ns(CLOCK_REALTIME) + NS_PER_S);
	pthread_rwlockattr_t a;
	int v = -1;
	pthread_t t;

	R(pthread_rwlockattr_init(&a), 0, "rwlockattr_init");
	R(pthread_rwlockattr_getpshared(&a, &v) || v != PTHREAD_PROCESS_PRIVATE, 0,
	  "rwlockattr: process-private by default");
	R(pthread_rwlockattr_setpshared(&a, 7), EINVAL, "rwlockattr_setpshared(7) -> EINVAL");
	R(pthread_rwlockattr_setpshared(&a, PTHREAD_PROCESS_SHARED), 0, "rwlockattr_setpshared(SHARED)");
	R(pthread_rwlockattr_getpshared(&a, &v) || v != PTHREAD_PROCESS_SHARED, 0,
	  "rwlockattr_getpshared -> SHARED");
	R(pthread_rwlock_init(&rw, &a), 0, "rwlock_init(pshared)");
	pthread_rwlockattr_destroy(&a);

	R(pthread_rwlock_rdlock(&rw), 0, "rdlock");
	R(pthread_rwlock_tryrdlock(&rw), 0, "a second reader (tryrdlock)");
	R(pthread_rwlock_trywrlock(&rw), EBUSY, "trywrlock while read-held -> EBUSY");
	R(pthread_rwlock_unlock(&rw), 0, "unlock one reader");
	R(pthread_rwlock_unlock(&rw), 0, "unlock the other");
	R(pthread_rwlock_wrlock(&rw), 0, "wrlock");
	R(pthread_rwlock_rdlock(&rw), EDEADLK, "rdlock by the writer -> EDEADLK");
	R(pthread_rwlock_wrlock(&rw), EDEADLK, "wrlock by the writer -> EDEADLK");
	R(pthread_rwlock_timedwrlock(&rw, &ts), EDEADLK, "timedwrlock by the writer -> EDEADLK");
	R(pthread_rwlock_tryrdlock(&rw), EBUSY, "tryrdlock by the writer -> EBUSY");
	R(pthread_rwlock_trywrlock(&rw), EBUSY, "trywrlock by the writer -> EBUSY");
	ts.tv_nsec = 1000000000;
	R(pthread_rwlock_timedrdlock(&rw, &ts), EINVAL, "timedrdlock(tv_nsec 1000000000) by the writer -> EINVAL");
	R(pthread_rwlock_unlock(&rw), 0, "unlock the writer");
	R(pthread_rwlock_timedrdlock(&rw, &ts), EINVAL, "timedrdlock(tv_nsec 1000000000) when free -> EINVAL");
	ts.tv_nsec = -1;
	R(pthread_rwlock_timedwrlock(&rw, &ts), EINVAL, "timedwrlock(tv_nsec -1) when free -> EINVAL");
	ts.tv_nsec = 0;
	R(pthread_rwlock_clockrdlock(&rw, CLOCK_PROCESS_CPUTIME_ID, &ts), EINVAL,
	  "clockrdlock(CLOCK_PROCESS_CPUTIME_ID) -> EINVAL");
	R(pthread_rwlock_clockwrlock(&rw, 99, &ts), EINVAL, "clockwrlock(clock 99) -> EINVAL");
	R(pthread_rwlock_trywrlock(&rw), 0, "the lock is still free");
	pthread_rwlock_unlock(&rw);
	ts.tv_sec = -1;
	R(pthread_rwlock_timedwrlock(&rw, &ts), 0, "timedwrlock(tv_sec -1) when free -> 0");
	pthread_rwlock_unlock(&rw);

	t = hold(0);
	R(pthread_rwlock_timedrdlock(&rw, &ts), 0, "timedrdlock(tv_sec -1) while another reads -> 0");
	pthread_rwlock_unlock(&rw);
	R(pthread_rwlock_timedwrlock(&rw, &ts), ETIMEDOUT, "timedwrlock(tv_sec -1) while another reads -> ETIMEDOUT");
	release(t);
	R(pthread_rwlock_destroy(&rw), 0, "rwlock_destroy");
	pthread_rwlock_init(&rw, NULL);
}

/* ---- contention: 2 writers add, 2 readers check the pair stays equal ---- */

static long a_val, b_val;

static void *writer(void *arg)
{
	long fails = 0;

	(void)arg;
	for (int i = 0; i < 300; i++) {
		struct timespec ts = ns_ts(now_ns(CLOCK_MONOTONIC) + 20 * NS_PER_S);

		if (pthread_rwlock_clockwrlock(&rw, CLOCK_MONOTONIC, &ts)) {
			fails++;
			continue;
		}
		a_val++;
		if (i % 8 == 0)
			sched_yield();
		b_val++;
		pthread_rwlock_unlock(&rw);
	}
	return (void *)fails;
}

static void *reader(void *arg)
{
	long fails = 0;

	(void)arg;
	for (int i = 0; i < 300; i++) {
		struct timespec ts = ns_ts(now_ns(CLOCK_REALTIME) + 20 * NS_PER_S);

		if (pthread_rwlock_timedrdlock(&rw, &ts)) {
			fails++;
			continue;
		}
		long x = a_val;
		if (i % 8 == 0)
			sched_yield();
		if (b_val != x)
			fails++;
		pthread_rwlock_unlock(&rw);
	}
	return (void *)fails;
}

static void rwlock_contention(void)
{
	pthread_t t[4];
	long fails = 0;
	void *f;

	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, i % 2 ? reader : writer, NULL);
	for (int i = 0; i < 4; i++) {
		pthread_join(t[i], &f);
		fails += (long)f;
	}
	why("fails %ld, a %ld b %ld", fails, a_val, b_val);
	ok(fails == 0 && a_val == 600 && b_val == 600,
	   "2 writers and 2 readers: readers never see a half update, no update lost");
}

/* ---- barriers ---- */

#define BTHREADS 4
#define BROUNDS 50

static pthread_barrier_t bar;
static volatile int arrivals[BROUNDS];
static volatile int serials[BROUNDS];
static volatile int early;

static void *barrier_thread(void *arg)
{
	(void)arg;
	for (int i = 0; i < BROUNDS; i++) {
		__atomic_fetch_add(&arrivals[i], 1, __ATOMIC_SEQ_CST);
		int r = pthread_barrier_wait(&bar);

		if (r == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_fetch_add(&serials[i], 1, __ATOMIC_SEQ_CST);
		else if (r != 0)
			early = 1;
		if (arrivals[i] != BTHREADS)
			early = 1;
	}
	return NULL;
}

static void barriers(void)
{
	pthread_barrierattr_t a;
	pthread_t t[BTHREADS];
	int v = -1, bad = 0;

	R(pthread_barrier_init(&bar, NULL, 0), EINVAL, "barrier_init(count 0) -> EINVAL");
	R(pthread_barrierattr_init(&a), 0, "barrierattr_init");
	R(pthread_barrierattr_getpshared(&a, &v) || v != PTHREAD_PROCESS_PRIVATE, 0,
	  "barrierattr: process-private by default");
	R(pthread_barrierattr_setpshared(&a, 2), EINVAL, "barrierattr_setpshared(2) -> EINVAL");
	R(pthread_barrierattr_setpshared(&a, PTHREAD_PROCESS_SHARED), 0, "barrierattr_setpshared(SHARED)");
	R(pthread_barrierattr_getpshared(&a, &v) || v != PTHREAD_PROCESS_SHARED, 0,
	  "barrierattr_getpshared -> SHARED");
	R(pthread_barrier_init(&bar, &a, 1), 0, "barrier_init(count 1)");
	R(pthread_barrier_wait(&bar), PTHREAD_BARRIER_SERIAL_THREAD,
	  "a barrier of 1: the caller is the serial thread");
	pthread_barrier_destroy(&bar);
	pthread_barrierattr_destroy(&a);

	pthread_barrier_init(&bar, NULL, BTHREADS);
	for (int i = 0; i < BTHREADS; i++)
		pthread_create(&t[i], NULL, barrier_thread, NULL);
	for (int i = 0; i < BTHREADS; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < BROUNDS; i++)
		if (serials[i] != 1)
			bad++;
	why("rounds without exactly one serial thread %d, early %d", bad, early);
	ok(bad == 0 && !early, "4 threads, 50 rounds: one serial thread a round, nobody early");
	R(pthread_barrier_destroy(&bar), 0, "barrier_destroy");
}

/* ---- spin locks ---- */

static pthread_spinlock_t spin;
static long spin_count;

static void *spinner(void *arg)
{
	(void)arg;
	for (int i = 0; i < 2000; i++) {
		pthread_spin_lock(&spin);
		long v = spin_count;
		if (i % 64 == 0)
			sched_yield();
		spin_count = v + 1;
		pthread_spin_unlock(&spin);
	}
	return NULL;
}

static void spins(void)
{
	pthread_t t[3];

	R(pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE), 0, "spin_init");
	R(pthread_spin_trylock(&spin), 0, "spin_trylock when free");
	R(pthread_spin_trylock(&spin), EBUSY, "spin_trylock when held -> EBUSY");
	R(pthread_spin_unlock(&spin), 0, "spin_unlock");
	R(pthread_spin_lock(&spin), 0, "spin_lock");
	pthread_spin_unlock(&spin);
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, spinner, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	why("count %ld", spin_count);
	ok(spin_count == 6000, "3 threads, 2000 spin-locked increments each: none lost");
	R(pthread_spin_destroy(&spin), 0, "spin_destroy");
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);
	pthread_t t;

	rwlock_args();
	t = hold(1);
	check_timeout("pthread_rwlock_clockrdlock", rd_clock);
	check_timeout("pthread_rwlock_timedrdlock", rd_timed);
	check_timeout("pthread_rwlock_clockwrlock", wr_clock);
	check_signal("pthread_rwlock_clockrdlock", rd_clock, 0, ETIMEDOUT);
	check_signal("pthread_rwlock_clockwrlock", wr_clock, 0, ETIMEDOUT);
	check_settime("pthread_rwlock_timedrdlock", rd_timed, allowed);
	release(t);
	t = hold(0);
	check_timeout("pthread_rwlock_timedwrlock", wr_timed);
	check_settime("pthread_rwlock_timedwrlock", wr_timed, allowed);
	release(t);
	rwlock_contention();
	barriers();
	spins();
	return done();
}
