/*
 * Reader-writer locks: one word, -1 while a writer holds it, else the
 * number of readers; a count of sleepers; the writer's tid.
 *
 * Readers are preferred, as in glibc's default kind: a reader takes the
 * lock whenever no writer holds it, even while writers wait.  A thread
 * that cannot take it counts itself among the sleepers and sleeps on the
 * word while it keeps the value it saw; unlock changes the word and then,
 * if anyone sleeps, wakes them all (each tries again).  The sleeper counts
 * itself before the futex compares the word, and unlock changes the word
 * before it reads the count (both sequentially consistent), so a wakeup is
 * never lost.  No lock guards the fields: all are changed atomically, the
 * writer's tid only by the writer while it holds the lock.
 *
 * As glibc: a timed lock checks its clock and tv_nsec (EINVAL) before
 * anything, then EDEADLK when the caller is the writer; a negative tv_sec
 * is a deadline already past; a signal handler does not end the wait.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include "thread.h"

struct rwlock {
	volatile int state;   /* -1: a writer; n >= 0: n readers */
	volatile int waiters; /* sleepers, or about to sleep */
	volatile int writer;  /* the writer's tid while state is -1 */
	int priv;	      /* 0 when process-shared: the initializer's 0 is private */
};

_Static_assert(sizeof(struct rwlock) <= sizeof(pthread_rwlock_t), "struct rwlock fits");

#define R(r) ((struct rwlock *)(r))
#define READERS_MAX (INT_MAX - 1)

static int priv_flag(const struct rwlock *r)
{
	return r->priv ? 0 : FUTEX_PRIVATE_FLAG;
}

int pthread_rwlock_init(pthread_rwlock_t *rwlock, const pthread_rwlockattr_t *attr)
{
	struct rwlock *r = R(rwlock);

	r->state = 0;
	r->waiters = 0;
	r->writer = 0;
	r->priv = attr ? *(const int *)attr : 0;
	return 0;
}

int pthread_rwlock_destroy(pthread_rwlock_t *rwlock)
{
	(void)rwlock;
	return 0;
}

/* Sleep while the word is seen; ETIMEDOUT at the deadline, else 0 (try again). */
static int sleep_on(struct rwlock *r, int seen, clockid_t clock, const struct timespec *abs)
{
	long ret;

	if (abs && abs->tv_sec < 0)
		return ETIMEDOUT;
	__atomic_fetch_add(&r->waiters, 1, __ATOMIC_SEQ_CST);
	ret = __futex_wait_abs(&r->state, seen, clock, abs, priv_flag(r), 0);
	__atomic_fetch_sub(&r->waiters, 1, __ATOMIC_SEQ_CST);
	return ret == -ETIMEDOUT ? ETIMEDOUT : 0;
}

static int bad_time(clockid_t clock, const struct timespec *abs)
{
	return abs && ((clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC) ||
		       abs->tv_nsec < 0 || abs->tv_nsec >= 1000000000);
}

/* try: EBUSY instead of sleeping. */
static int rdlock(struct rwlock *r, int try, clockid_t clock, const struct timespec *abs)
{
	int s, ret;

	if (bad_time(clock, abs))
		return EINVAL;
	if (r->state == -1 && r->writer == thread_self()->tid)
		return try ? EBUSY : EDEADLK;
	for (;;) {
		s = r->state;
		if (s >= 0) {
			if (s >= READERS_MAX)
				return EAGAIN;
			if (cas(&r->state, s, s + 1) == s)
				return 0;
			continue;
		}
		if (try)
			return EBUSY;
		ret = sleep_on(r, s, clock, abs);
		if (ret)
			return ret;
	}
}

static int wrlock(struct rwlock *r, int try, clockid_t clock, const struct timespec *abs)
{
	int s, ret;

	if (bad_time(clock, abs))
		return EINVAL;
	if (r->state == -1 && r->writer == thread_self()->tid)
		return try ? EBUSY : EDEADLK;
	for (;;) {
		s = cas(&r->state, 0, -1);
		if (s == 0) {
			r->writer = thread_self()->tid;
			return 0;
		}
		if (try)
			return EBUSY;
		ret = sleep_on(r, s, clock, abs);
		if (ret)
			return ret;
	}
}

int pthread_rwlock_rdlock(pthread_rwlock_t *rwlock)
{
	return rdlock(R(rwlock), 0, CLOCK_REALTIME, NULL);
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *rwlock)
{
	return rdlock(R(rwlock), 1, CLOCK_REALTIME, NULL);
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *rwlock, const struct timespec *abstime)
{
	return rdlock(R(rwlock), 0, CLOCK_REALTIME, abstime);
}

int pthread_rwlock_clockrdlock(pthread_rwlock_t *rwlock, clockid_t clock,
			       const struct timespec *abstime)
{
	return rdlock(R(rwlock), 0, clock, abstime);
}

int pthread_rwlock_wrlock(pthread_rwlock_t *rwlock)
{
	return wrlock(R(rwlock), 0, CLOCK_REALTIME, NULL);
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *rwlock)
{
	return wrlock(R(rwlock), 1, CLOCK_REALTIME, NULL);
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *rwlock, const struct timespec *abstime)
{
	return wrlock(R(rwlock), 0, CLOCK_REALTIME, abstime);
}

int pthread_rwlock_clockwrlock(pthread_rwlock_t *rwlock, clockid_t clock,
			       const struct timespec *abstime)
{
	return wrlock(R(rwlock), 0, clock, abstime);
}

int pthread_rwlock_unlock(pthread_rwlock_t *rwlock)
{
	struct rwlock *r = R(rwlock);
	int s;

	do {
		s = r->state;
		if (s == 0)
			return EPERM; /* not locked (undefined in POSIX) */
		if (s == -1)
			r->writer = 0;
	} while (cas(&r->state, s, s == -1 ? 0 : s - 1) != s);
	if (__atomic_load_n(&r->waiters, __ATOMIC_SEQ_CST))
		futex_wake(&r->state, INT_MAX, priv_flag(r));
	return 0;
}

/* ---- attributes: the process-shared flag in the first word ---- */

int pthread_rwlockattr_init(pthread_rwlockattr_t *attr)
{
	*(int *)attr = PTHREAD_PROCESS_PRIVATE;
	return 0;
}

int pthread_rwlockattr_destroy(pthread_rwlockattr_t *attr)
{
	(void)attr;
	return 0;
}

int pthread_rwlockattr_setpshared(pthread_rwlockattr_t *attr, int pshared)
{
	if (pshared != PTHREAD_PROCESS_PRIVATE && pshared != PTHREAD_PROCESS_SHARED)
		return EINVAL;
	*(int *)attr = pshared;
	return 0;
}

int pthread_rwlockattr_getpshared(const pthread_rwlockattr_t *attr, int *pshared)
{
	*pshared = *(const int *)attr;
	return 0;
}
