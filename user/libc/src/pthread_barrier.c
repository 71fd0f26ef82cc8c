/*
 * Barriers: a count of arrivals and a round number, on a futex.
 *
 * A thread reads the round, then counts its arrival.  The one that
 * completes the count resets it, advances the round and wakes all: it
 * returns PTHREAD_BARRIER_SERIAL_THREAD, the others 0 once they see the
 * round move.  The reset is ordered before the advance, so a thread that
 * comes back for the next round (it can only after the advance) counts
 * from 0.  No lock: both fields change atomically; limit and priv are
 * written only by init.  A signal handler does not end the wait (glibc).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include "thread.h"

struct barrier {
	volatile int arrived;
	volatile int round;
	unsigned int limit;
	int priv;
};

_Static_assert(sizeof(struct barrier) <= sizeof(pthread_barrier_t), "struct barrier fits");

#define B(b) ((struct barrier *)(b))

int pthread_barrier_init(pthread_barrier_t *barrier, const pthread_barrierattr_t *attr,
			 unsigned int count)
{
	struct barrier *b = B(barrier);

	if (count == 0 || count > INT_MAX)
		return EINVAL;
	b->arrived = 0;
	b->round = 0;
	b->limit = count;
	b->priv = attr && *(const int *)attr == PTHREAD_PROCESS_SHARED ? 0 : FUTEX_PRIVATE_FLAG;
	return 0;
}

int pthread_barrier_destroy(pthread_barrier_t *barrier)
{
	(void)barrier;
	return 0;
}

int pthread_barrier_wait(pthread_barrier_t *barrier)
{
	struct barrier *b = B(barrier);
	int round = __atomic_load_n(&b->round, __ATOMIC_SEQ_CST);

	if ((unsigned int)__atomic_add_fetch(&b->arrived, 1, __ATOMIC_SEQ_CST) == b->limit) {
		__atomic_store_n(&b->arrived, 0, __ATOMIC_SEQ_CST);
		__atomic_fetch_add(&b->round, 1, __ATOMIC_SEQ_CST);
		futex_wake(&b->round, INT_MAX, b->priv);
		return PTHREAD_BARRIER_SERIAL_THREAD;
	}
	while (__atomic_load_n(&b->round, __ATOMIC_SEQ_CST) == round)
		futex_wait(&b->round, round, b->priv);
	return 0;
}

int pthread_barrierattr_init(pthread_barrierattr_t *attr)
{
	*(int *)attr = PTHREAD_PROCESS_PRIVATE;
	return 0;
}

int pthread_barrierattr_destroy(pthread_barrierattr_t *attr)
{
	(void)attr;
	return 0;
}

int pthread_barrierattr_setpshared(pthread_barrierattr_t *attr, int pshared)
{
	if (pshared != PTHREAD_PROCESS_PRIVATE && pshared != PTHREAD_PROCESS_SHARED)
		return EINVAL;
	*(int *)attr = pshared;
	return 0;
}

int pthread_barrierattr_getpshared(const pthread_barrierattr_t *attr, int *pshared)
{
	*pshared = *(const int *)attr;
	return 0;
}
