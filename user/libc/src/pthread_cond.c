/*
 * Condition variables: a sequence number and a count of waiters.
 *
 * A waiter reads the sequence while it still holds the mutex, counts
 * itself, unlocks, and sleeps on the futex for as long as the sequence has
 * that value.  signal and broadcast advance the sequence before they wake
 * one or all sleepers, so a waiter that had not yet gone to sleep when the
 * sequence moved does not sleep at all: no wakeup is lost between the
 * unlock and the sleep.  A waiter may wake without a signal (a signal that
 * another waiter's wakeup consumed, a handler) -- POSIX allows spurious
 * wakeups, and every caller waits in a loop on its predicate.
 *
 * A timed wait's abstime is measured on the clock of the condition's
 * attribute (CLOCK_REALTIME by default, or CLOCK_MONOTONIC), through
 * FUTEX_WAIT_BITSET's absolute timeout.  The wait is a cancellation point;
 * a cancelled waiter retakes the mutex before its cleanup handlers run.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <time.h>
#include "thread.h"

struct cond {
	volatile int seq;
	volatile int waiters;
	int attr; /* the condattr word: CA_CLOCK | CA_SHARED */
};

_Static_assert(sizeof(struct cond) <= sizeof(pthread_cond_t), "struct cond fits");

/* The condition attribute word: the clock id in the low bits. */
#define CA_CLOCK 0xff
#define CA_SHARED 0x100

#define C(c) ((struct cond *)(c))

void __mutex_relock_after_wait(pthread_mutex_t *mutex);

static int futex_flag(const struct cond *c)
{
	return c->attr & CA_SHARED ? 0 : FUTEX_PRIVATE_FLAG;
}

int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr)
{
	struct cond *c = C(cond);

	c->seq = 0;
	c->waiters = 0;
	c->attr = attr ? *(const int *)attr : 0;
	return 0;
}

int pthread_cond_destroy(pthread_cond_t *cond)
{
	(void)cond;
	return 0;
}

struct wait_state {
	struct cond *c;
	pthread_mutex_t *mutex;
};

/* A cancelled waiter: no longer waiting, the mutex held again. */
static void wait_cancelled(void *arg)
{
	struct wait_state *w = arg;

	__atomic_fetch_sub(&w->c->waiters, 1, __ATOMIC_SEQ_CST);
	__mutex_relock_after_wait(w->mutex);
}

static int cond_wait(struct cond *c, pthread_mutex_t *mutex, clockid_t clock,
		     const struct timespec *abstime)
{
	struct wait_state w = {c, mutex};
	int seq, ret;
	long r;

	if (abstime && (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000))
		return EINVAL;
	seq = c->seq;
	__atomic_fetch_add(&c->waiters, 1, __ATOMIC_SEQ_CST);
	ret = pthread_mutex_unlock(mutex);
	if (ret) {
		__atomic_fetch_sub(&c->waiters, 1, __ATOMIC_SEQ_CST);
		return ret;
	}
	pthread_cleanup_push(wait_cancelled, &w);
	if (abstime && abstime->tv_sec < 0) {
		r = -ETIMEDOUT;
	} else {
		do
			r = __futex_wait_abs(&c->seq, seq, clock, abstime,
					     futex_flag(c), 1);
		while (r == -EINTR && c->seq == seq);
	}
	pthread_cleanup_pop(0);
	__atomic_fetch_sub(&c->waiters, 1, __ATOMIC_SEQ_CST);
	__mutex_relock_after_wait(mutex);
	return r == -ETIMEDOUT ? ETIMEDOUT : 0;
}

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex,
			   const struct timespec *abstime)
{
	return cond_wait(C(cond), mutex, C(cond)->attr & CA_CLOCK, abstime);
}

/* abstime on the clock given, whatever the attribute's; EINVAL for a clock
 * a futex cannot time (glibc: after the tv_nsec check, both EINVAL). */
int pthread_cond_clockwait(pthread_cond_t *cond, pthread_mutex_t *mutex, clockid_t clock,
			   const struct timespec *abstime)
{
	if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)
		return EINVAL;
	if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC)
		return EINVAL;
	return cond_wait(C(cond), mutex, clock, abstime);
}

int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex)
{
	return cond_wait(C(cond), mutex, CLOCK_REALTIME, NULL);
}

int pthread_cond_signal(pthread_cond_t *cond)
{
	struct cond *c = C(cond);

	__atomic_fetch_add(&c->seq, 1, __ATOMIC_SEQ_CST);
	if (c->waiters)
		futex_wake(&c->seq, 1, futex_flag(c));
	return 0;
}

int pthread_cond_broadcast(pthread_cond_t *cond)
{
	struct cond *c = C(cond);

	__atomic_fetch_add(&c->seq, 1, __ATOMIC_SEQ_CST);
	if (c->waiters)
		futex_wake(&c->seq, INT_MAX, futex_flag(c));
	return 0;
}

/* ---- attributes ---- */

#define CAW(a) (*(int *)(a))

int pthread_condattr_init(pthread_condattr_t *attr)
{
	CAW(attr) = CLOCK_REALTIME;
	return 0;
}

int pthread_condattr_destroy(pthread_condattr_t *attr)
{
	(void)attr;
	return 0;
}

/* The clocks a futex can time (glibc allows these two). */
int pthread_condattr_setclock(pthread_condattr_t *attr, clockid_t clock)
{
	if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC)
		return EINVAL;
	CAW(attr) = (CAW(attr) & ~CA_CLOCK) | clock;
	return 0;
}

int pthread_condattr_getclock(const pthread_condattr_t *attr, clockid_t *clock)
{
	*clock = *(const int *)attr & CA_CLOCK;
	return 0;
}

int pthread_condattr_setpshared(pthread_condattr_t *attr, int pshared)
{
	if (pshared != PTHREAD_PROCESS_PRIVATE && pshared != PTHREAD_PROCESS_SHARED)
		return EINVAL;
	CAW(attr) = (CAW(attr) & ~CA_SHARED) | (pshared ? CA_SHARED : 0);
	return 0;
}

int pthread_condattr_getpshared(const pthread_condattr_t *attr, int *pshared)
{
	*pshared =
	    *(const int *)attr & CA_SHARED ? PTHREAD_PROCESS_SHARED : PTHREAD_PROCESS_PRIVATE;
	return 0;
}
