/*
 * Spin locks: one word, 0 free, 1 held; lock spins (with pause) until an
 * exchange finds it free.  pshared needs nothing more: no futex.
 */
#include <errno.h>
#include <pthread.h>
#include "thread.h"

int pthread_spin_init(pthread_spinlock_t *lock, int pshared)
{
	(void)pshared;
	*lock = 0;
	return 0;
}

int pthread_spin_destroy(pthread_spinlock_t *lock)
{
	(void)lock;
	return 0;
}

int pthread_spin_lock(pthread_spinlock_t *lock)
{
	while (swap(lock, 1) != 0)
		while (*lock)
			__asm__ volatile("pause");
	return 0;
}

int pthread_spin_trylock(pthread_spinlock_t *lock)
{
	return swap(lock, 1) == 0 ? 0 : EBUSY;
}

int pthread_spin_unlock(pthread_spinlock_t *lock)
{
	__atomic_store_n(lock, 0, __ATOMIC_SEQ_CST);
	return 0;
}
