/*
 * Mutexes: normal, recursive and error-checking, on a futex.
 *
 * The lock word is the libc lock's (thread.h: 0 free, 1 held, 2 held with
 * sleepers).  A recursive or error-checking mutex also records its owner's
 * tid and, for recursion, how many times more it was locked; those two are
 * only written by the owner while it holds the lock, so a thread that reads
 * its own tid there is the owner.  The all-zero PTHREAD_MUTEX_INITIALIZER is
 * a normal, process-private mutex.  Errors as glibc's: EDEADLK on relocking
 * an error-checking mutex, EPERM on unlocking one (or a recursive one) the
 * caller does not hold, EBUSY from trylock and from destroying a held mutex.
 * Priority protocols and robustness are not offered (ENOTSUP).
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <time.h>
#include "thread.h"

struct mutex {
	volatile int lock;
	unsigned int count; /* recursive: locks beyond the first */
	volatile int owner; /* recursive, error-checking: the holder's tid */
	int kind;	    /* the attribute word: MA_TYPE | MA_SHARED */
};

_Static_assert(sizeof(struct mutex) <= sizeof(pthread_mutex_t), "struct mutex fits");

/* The mutex attribute word (pthread_mutexattr_t: 4 bytes). */
#define MA_TYPE 3
#define MA_SHARED 4

#define M(m) ((struct mutex *)(m))

static int futex_flag(const struct mutex *m)
{
	return m->kind & MA_SHARED ? 0 : FUTEX_PRIVATE_FLAG;
}

int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr)
{
	struct mutex *m = M(mutex);

	m->lock = 0;
	m->count = 0;
	m->owner = 0;
	m->kind = attr ? *(const int *)attr : 0;
	return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *mutex)
{
	return M(mutex)->lock ? EBUSY : 0;
}

/*
 * Take the lock word, sleeping until abstime on clock if given.
 * Returns 0 or ETIMEDOUT; EINVAL for a bad abstime only when it must wait
 * (glibc checks tv_nsec after trying the lock).  A signal handler does
 * not end the wait (glibc's neither): the futex wait is made again.
 */
static int take(struct mutex *m, clockid_t clock, const struct timespec *abstime)
{
	int priv = futex_flag(m);

	if (cas(&m->lock, 0, 1) == 0)
		return 0;
	if (abstime) {
		if (abstime->tv_nsec < 0 || abstime->tv_nsec >= 1000000000)
			return EINVAL;
		if (abstime->tv_sec < 0)
			return ETIMEDOUT;
	}
	while (swap(&m->lock, 2) != 0) {
		long ret = __futex_wait_abs(&m->lock, 2, clock, abstime, priv, 0);

		if (ret == -ETIMEDOUT)
			return ETIMEDOUT;
	}
	return 0;
}

/* Relocking by the owner: 0 and one more level, or the error; -1: not the owner. */
static int relock(struct mutex *m, int busy)
{
	if ((m->kind & MA_TYPE) == PTHREAD_MUTEX_NORMAL || !m->lock ||
	    m->owner != thread_self()->tid)
		return -1;
	if ((m->kind & MA_TYPE) == PTHREAD_MUTEX_ERRORCHECK)
		return busy;
	if (m->count == UINT_MAX)
		return EAGAIN;
	m->count++;
	return 0;
}

static int lock_mutex(struct mutex *m, clockid_t clock, const struct timespec *abstime)
{
	int ret = relock(m, EDEADLK);

	if (ret >= 0)
		return ret;
	ret = take(m, clock, abstime);
	if (ret == 0 && (m->kind & MA_TYPE) != PTHREAD_MUTEX_NORMAL) {
		m->owner = thread_self()->tid;
		m->count = 0;
	}
	return ret;
}

int pthread_mutex_lock(pthread_mutex_t *mutex)
{
	return lock_mutex(M(mutex), CLOCK_REALTIME, NULL);
}

int pthread_mutex_timedlock(pthread_mutex_t *mutex, const struct timespec *abstime)
{
	return lock_mutex(M(mutex), CLOCK_REALTIME, abstime);
}

/* The clocks a futex can time; any other is EINVAL before anything (glibc). */
int pthread_mutex_clocklock(pthread_mutex_t *mutex, clockid_t clock,
			    const struct timespec *abstime)
{
	if (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC)
		return EINVAL;
	return lock_mutex(M(mutex), clock, abstime);
}

int pthread_mutex_trylock(pthread_mutex_t *mutex)
{
	struct mutex *m = M(mutex);
	int ret = relock(m, EBUSY);

	if (ret >= 0)
		return ret;
	if (cas(&m->lock, 0, 1) != 0)
		return EBUSY;
	if ((m->kind & MA_TYPE) != PTHREAD_MUTEX_NORMAL) {
		m->owner = thread_self()->tid;
		m->count = 0;
	}
	return 0;
}

int pthread_mutex_unlock(pthread_mutex_t *mutex)
{
	struct mutex *m = M(mutex);

	if ((m->kind & MA_TYPE) != PTHREAD_MUTEX_NORMAL) {
		if (!m->lock || m->owner != thread_self()->tid)
			return EPERM;
		if (m->count) {
			m->count--;
			return 0;
		}
		m->owner = 0;
	}
	if (swap(&m->lock, 0) == 2)
		futex_wake(&m->lock, 1, futex_flag(m));
	return 0;
}

/*
 * For pthread_cond_wait: take the mutex back after the wait, as a
 * contended lock (2), since the broadcast that woke us may have woken
 * others who now sleep on it.
 */
void __mutex_relock_after_wait(pthread_mutex_t *mutex);

void __mutex_relock_after_wait(pthread_mutex_t *mutex)
{
	struct mutex *m = M(mutex);

	while (swap(&m->lock, 2) != 0)
		futex_wait(&m->lock, 2, futex_flag(m));
	if ((m->kind & MA_TYPE) != PTHREAD_MUTEX_NORMAL) {
		m->owner = thread_self()->tid;
		m->count = 0;
	}
}

/* ---- attributes ---- */

#define MA(a) (*(int *)(a))

int pthread_mutexattr_init(pthread_mutexattr_t *attr)
{
	MA(attr) = PTHREAD_MUTEX_DEFAULT;
	return 0;
}

int pthread_mutexattr_destroy(pthread_mutexattr_t *attr)
{
	(void)attr;
	return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type)
{
	if (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE &&
	    type != PTHREAD_MUTEX_ERRORCHECK)
		return EINVAL;
	MA(attr) = (MA(attr) & ~MA_TYPE) | type;
	return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type)
{
	*type = *(const int *)attr & MA_TYPE;
	return 0;
}

int pthread_mutexattr_setpshared(pthread_mutexattr_t *attr, int pshared)
{
	if (pshared != PTHREAD_PROCESS_PRIVATE && pshared != PTHREAD_PROCESS_SHARED)
		return EINVAL;
	MA(attr) = (MA(attr) & ~MA_SHARED) | (pshared ? MA_SHARED : 0);
	return 0;
}

int pthread_mutexattr_getpshared(const pthread_mutexattr_t *attr, int *pshared)
{
	*pshared =
	    *(const int *)attr & MA_SHARED ? PTHREAD_PROCESS_SHARED : PTHREAD_PROCESS_PRIVATE;
	return 0;
}

int pthread_mutexattr_setprotocol(pthread_mutexattr_t *attr, int protocol)
{
	(void)attr;
	if (protocol == PTHREAD_PRIO_INHERIT || protocol == PTHREAD_PRIO_PROTECT)
		return ENOTSUP;
	return protocol == PTHREAD_PRIO_NONE ? 0 : EINVAL;
}

int pthread_mutexattr_getprotocol(const pthread_mutexattr_t *attr, int *protocol)
{
	(void)attr;
	*protocol = PTHREAD_PRIO_NONE;
	return 0;
}

int pthread_mutexattr_setrobust(pthread_mutexattr_t *attr, int robust)
{
	(void)attr;
	if (robust == PTHREAD_MUTEX_ROBUST)
		return ENOTSUP;
	return robust == PTHREAD_MUTEX_STALLED ? 0 : EINVAL;
}

int pthread_mutexattr_getrobust(const pthread_mutexattr_t *attr, int *robust)
{
	(void)attr;
	*robust = PTHREAD_MUTEX_STALLED;
	return 0;
}
