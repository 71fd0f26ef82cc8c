/*
 * Unnamed POSIX semaphores: a value and a count of sleepers, on a futex.
 *
 * The value is never negative.  A waiter takes one by compare-and-swap
 * while it is positive; otherwise it counts itself among the sleepers and
 * sleeps on the value's word while it reads 0.  sem_post adds one and, when
 * the sleepers' count is not 0, wakes one.  The waiter counts itself before
 * it reads the value the last time and the poster reads the count after it
 * changed the value (both sequentially consistent), so a sleeper the post
 * missed cannot exist: it would have seen the new value.  A woken waiter
 * that loses the value to another one sleeps again.
 *
 * Both fields are only changed atomically: no lock guards them; the
 * semaphore's owner (the program) keeps the memory alive while calls run.
 *
 * As glibc: a timed wait checks tv_nsec (EINVAL) before it tries the
 * value; a negative tv_sec is a deadline already past (ETIMEDOUT); a signal
 * handler ends the wait with EINTR (the kernel's futex says EINTR for it);
 * sem_wait and the timed waits are cancellation points.  Timed waits are
 * FUTEX_WAIT_BITSET waits on an absolute time: with FUTEX_CLOCK_REALTIME
 * for CLOCK_REALTIME, so that a clock_settime moves the deadline as POSIX
 * says it must.
 */
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include "thread.h"

struct sem {
	volatile int value;
	volatile int waiters; /* threads between counting themselves and giving up */
	int priv;	      /* FUTEX_PRIVATE_FLAG, or 0 when pshared */
};

_Static_assert(sizeof(struct sem) <= sizeof(sem_t), "struct sem fits");

#define S(s) ((struct sem *)(s))

int sem_init(sem_t *sem, int pshared, unsigned int value)
{
	struct sem *s = S(sem);

	if (value > SEM_VALUE_MAX) {
		errno = EINVAL;
		return -1;
	}
	s->value = (int)value;
	s->waiters = 0;
	s->priv = pshared ? 0 : FUTEX_PRIVATE_FLAG;
	return 0;
}

int sem_destroy(sem_t *sem)
{
	(void)sem;
	return 0;
}

int sem_getvalue(sem_t *sem, int *value)
{
	*value = S(sem)->value;
	return 0;
}

int sem_post(sem_t *sem)
{
	struct sem *s = S(sem);
	int v;

	do {
		v = s->value;
		if (v == SEM_VALUE_MAX) {
			errno = EOVERFLOW;
			return -1;
		}
	} while (cas(&s->value, v, v + 1) != v);
	if (__atomic_load_n(&s->waiters, __ATOMIC_SEQ_CST))
		futex_wake(&s->value, 1, s->priv);
	return 0;
}

/* Take one if the value is positive: 0, or -1 when it is 0. */
static int take(struct sem *s)
{
	int v;

	while ((v = s->value) > 0)
		if (cas(&s->value, v, v - 1) == v)
			return 0;
	return -1;
}

int sem_trywait(sem_t *sem)
{
	if (take(S(sem)) == 0)
		return 0;
	errno = EAGAIN;
	return -1;
}

static void wait_cancelled(void *arg)
{
	__atomic_fetch_sub(&((struct sem *)arg)->waiters, 1, __ATOMIC_SEQ_CST);
}

/* The slow path: sleep until a value is taken, the deadline, or a handler. */
static int wait_slow(struct sem *s, clockid_t clock, const struct timespec *abs)
{
	long r = 0;

	if (abs && abs->tv_sec < 0) {
		errno = ETIMEDOUT;
		return -1;
	}
	__atomic_fetch_add(&s->waiters, 1, __ATOMIC_SEQ_CST);
	pthread_cleanup_push(wait_cancelled, s);
	for (;;) {
		if (take(s) == 0) {
			r = 0;
			break;
		}
		r = __futex_wait_abs(&s->value, 0, clock, abs, s->priv, 1);
		if (r != 0 && r != -EAGAIN) /* ETIMEDOUT, EINTR (EFAULT: not a semaphore) */
			break;
	}
	pthread_cleanup_pop(0);
	__atomic_fetch_sub(&s->waiters, 1, __ATOMIC_SEQ_CST);
	if (r) {
		errno = (int)-r;
		return -1;
	}
	return 0;
}

int sem_wait(sem_t *sem)
{
	/* A cancellation point even when it would not block (glibc, POSIX). */
	pthread_testcancel();
	if (take(S(sem)) == 0)
		return 0;
	return wait_slow(S(sem), CLOCK_REALTIME, NULL);
}

int sem_clockwait(sem_t *sem, clockid_t clock, const struct timespec *abstime)
{
	if ((clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC) || abstime->tv_nsec < 0 ||
	    abstime->tv_nsec >= 1000000000) {
		errno = EINVAL;
		return -1;
	}
	if (take(S(sem)) == 0)
		return 0;
	return wait_slow(S(sem), clock, abstime);
}

int sem_timedwait(sem_t *sem, const struct timespec *abstime)
{
	return sem_clockwait(sem, CLOCK_REALTIME, abstime);
}
