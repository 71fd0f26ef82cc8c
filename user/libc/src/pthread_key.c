/*
 * Thread-specific data and pthread_once.
 *
 * A key is an index into every TCB's specific[] (PTHREAD_KEYS_MAX of them,
 * glibc's 1024).  pthread_key_delete clears the key's value in every
 * thread, so that a key created again later starts NULL everywhere, as
 * POSIX wants.  At a thread's end the destructors run in rounds
 * (PTHREAD_DESTRUCTOR_ITERATIONS) while values remain: a destructor may set
 * values again.
 *
 * pthread_once's word: 0 not run, 1 running, 2 done.  A thread that finds
 * it running sleeps on the word; if the routine is cancelled, the word goes
 * back to 0 (a cleanup handler) and a sleeper runs it instead.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include "thread.h"

static volatile int keys_lock;
static unsigned char key_used[KEYS_MAX];
static void (*key_destructor[KEYS_MAX])(void *);

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	unsigned int k;

	lock(&keys_lock);
	for (k = 0; k < KEYS_MAX && key_used[k]; k++)
		;
	if (k == KEYS_MAX) {
		unlock(&keys_lock);
		return EAGAIN;
	}
	key_used[k] = 1;
	key_destructor[k] = destructor;
	unlock(&keys_lock);
	*key = k;
	return 0;
}

int pthread_key_delete(pthread_key_t key)
{
	abi_sigset_t mask;

	lock(&keys_lock);
	if (key >= KEYS_MAX || !key_used[key]) {
		unlock(&keys_lock);
		return EINVAL;
	}
	key_used[key] = 0;
	key_destructor[key] = NULL;
	__threads_lock(&mask);
	for (struct pthread *t = __thread_list_first(); t; t = t->next)
		t->specific[key] = NULL;
	__threads_unlock(&mask);
	unlock(&keys_lock);
	return 0;
}

void *pthread_getspecific(pthread_key_t key)
{
	if (key >= KEYS_MAX)
		return NULL;
	return (void *)thread_self()->specific[key];
}

int pthread_setspecific(pthread_key_t key, const void *value)
{
	struct pthread *self = thread_self();

	if (key >= KEYS_MAX || !key_used[key])
		return EINVAL;
	self->specific[key] = value;
	self->specific_used = 1;
	return 0;
}

void __keys_run_destructors(struct pthread *self)
{
	int round, again = self->specific_used;

	for (round = 0; again && round < DESTRUCTOR_ITERATIONS; round++) {
		again = 0;
		for (unsigned int k = 0; k < KEYS_MAX; k++) {
			void *value = (void *)self->specific[k];
			void (*destructor)(void *);

			if (!value)
				continue;
			lock(&keys_lock);
			destructor = key_used[k] ? key_destructor[k] : NULL;
			unlock(&keys_lock);
			if (!destructor)
				continue;
			self->specific[k] = NULL;
			destructor(value);
			again = 1;
		}
	}
}

/* ---- pthread_once ---- */

static void once_cancelled(void *word)
{
	volatile int *state = word;

	swap(state, 0);
	futex_wake(state, INT_MAX, FUTEX_PRIVATE_FLAG);
}

int pthread_once(pthread_once_t *once, void (*init)(void))
{
	volatile int *state = (volatile int *)once;

	for (;;) {
		int s = __atomic_load_n(state, __ATOMIC_ACQUIRE);

		if (s == 2)
			return 0;
		if (s == 0 && cas(state, 0, 1) == 0) {
			pthread_cleanup_push(once_cancelled, (void *)state);
			init();
			pthread_cleanup_pop(0);
			swap(state, 2);
			futex_wake(state, INT_MAX, FUTEX_PRIVATE_FLAG);
			return 0;
		}
		if (s == 1)
			futex_wait(state, 1, FUTEX_PRIVATE_FLAG);
	}
}
