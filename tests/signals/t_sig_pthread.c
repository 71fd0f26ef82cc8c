/*
 * <pthread.h> in a program that makes no thread: it builds, its types have
 * glibc i386's sizes, and what a one-thread process has works now:
 * pthread_sigmask (the process's mask; errors are returned, not put in
 * errno), pthread_self and pthread_equal.
 */
/* parallel: yes */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include "../tap.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static volatile int caught;

static void handler(int sig)
{
	caught = sig;
}

int main(void)
{
	sigset_t set, old, now;
	pthread_t self = pthread_self();

	(void)lock;
	(void)cond;
	(void)once;
	ok(sizeof(pthread_t) == 4 && sizeof(pthread_attr_t) == 36 &&
		   sizeof(pthread_mutex_t) == 24 && sizeof(pthread_mutexattr_t) == 4 &&
		   sizeof(pthread_cond_t) == 48 && sizeof(pthread_condattr_t) == 4 &&
		   sizeof(pthread_key_t) == 4 && sizeof(pthread_once_t) == 4 &&
		   sizeof(pthread_rwlock_t) == 32 && sizeof(pthread_barrier_t) == 20,
	   "the pthread types have glibc i386's sizes");
	ok(PTHREAD_CREATE_DETACHED == 1 && PTHREAD_MUTEX_RECURSIVE == 1 &&
		   PTHREAD_MUTEX_ERRORCHECK == 2 && PTHREAD_MUTEX_DEFAULT == 0 &&
		   PTHREAD_PROCESS_SHARED == 1 && PTHREAD_CANCEL_DISABLE == 1 &&
		   PTHREAD_CANCEL_ASYNCHRONOUS == 1 && PTHREAD_CANCELED == (void *)-1 &&
		   PTHREAD_BARRIER_SERIAL_THREAD == -1,
	   "the PTHREAD_ constants have glibc's values");

	signal(SIGUSR1, handler);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	ok(pthread_sigmask(SIG_BLOCK, &set, &old) == 0 && !sigismember(&old, SIGUSR1),
	   "pthread_sigmask(SIG_BLOCK, SIGUSR1) -> 0");
	raise(SIGUSR1);
	sigpending(&now);
	ok(caught == 0 && sigismember(&now, SIGUSR1), "SIGUSR1 raised: pending, not delivered");
	ok(pthread_sigmask(SIG_SETMASK, NULL, &now) == 0 && sigismember(&now, SIGUSR1),
	   "pthread_sigmask reads the mask back");
	ok(pthread_sigmask(SIG_UNBLOCK, &set, NULL) == 0 && caught == SIGUSR1,
	   "SIG_UNBLOCK delivers it");
	errno = 0;
	ok(pthread_sigmask(12345, &set, NULL) == EINVAL && errno == 0,
	   "a bad how: EINVAL returned, errno untouched");
	ok(pthread_equal(self, pthread_self()) != 0, "pthread_equal(pthread_self(), pthread_self())");
	return done_testing();
}
