/*
 * Cancellation in user/libc: a thread blocked in each cancellation point
 * is cancelled (nanosleep, clock_nanosleep, sleep, usleep, pause,
 * sigsuspend, sigwait, sigwaitinfo, sigtimedwait, select, pselect, poll,
 * ppoll, waitpid, wait, pthread_join, pthread_cond_wait and timedwait);
 * read and write act on a pending cancellation before they start;
 * disabled cancellation waits; cleanup handlers run innermost first and
 * with the condition's mutex held; asynchronous cancellation; the errors.
 * The checks hold on glibc too, except those under HANDLES_CHECKED.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#ifdef __tick386__
#define HANDLES_CHECKED 1
#endif

/* Long enough that a thread still blocked when joined means a failure. */
#define LONG_S 20

enum point {
	P_NANOSLEEP,
	P_CLOCK_NANOSLEEP,
	P_SLEEP,
	P_USLEEP,
	P_PAUSE,
	P_SIGSUSPEND,
	P_SIGWAIT,
	P_SIGWAITINFO,
	P_SIGTIMEDWAIT,
	P_SELECT,
	P_PSELECT,
	P_POLL,
	P_PPOLL,
	P_WAITPID,
	P_WAIT,
	P_JOIN,
	P_COND_WAIT,
	P_COND_TIMEDWAIT,
	P_COUNT
};

static const char *const point_names[] = {
    "nanosleep",
    "clock_nanosleep",
    "sleep",
    "usleep",
    "pause",
    "sigsuspend",
    "sigwait",
    "sigwaitinfo",
    "sigtimedwait",
    "select",
    "pselect",
    "poll",
    "ppoll",
    "waitpid",
    "wait",
    "pthread_join",
    "pthread_cond_wait",
    "pthread_cond_timedwait",
};

static volatile int blocking;
static pid_t child;
static pthread_t forever_thread;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static void *forever(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void unlock_mutex(void *arg)
{
	pthread_mutex_unlock(arg);
}

/* Blocks in cancellation point `p` for LONG_S; returns (void *)1 if it returns. */
static void *block_in(void *arg)
{
	enum point p = (enum point)(intptr_t)arg;
	struct timespec ts = {LONG_S, 0};
	sigset_t set;
	siginfo_t si;
	int sig, status;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	__atomic_store_n(&blocking, 1, __ATOMIC_SEQ_CST);
	switch (p) {
	case P_NANOSLEEP:
		nanosleep(&ts, NULL);
		break;
	case P_CLOCK_NANOSLEEP:
		clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
		break;
	case P_SLEEP:
		sleep(LONG_S);
		break;
	case P_USLEEP:
		usleep(900000); /* POSIX lets usleep refuse a second or more */
		break;
	case P_PAUSE:
		pause();
		break;
	case P_SIGSUSPEND:
		pthread_sigmask(SIG_BLOCK, NULL, &set);
		sigsuspend(&set);
		break;
	case P_SIGWAIT:
		pthread_sigmask(SIG_BLOCK, &set, NULL);
		sigwait(&set, &sig);
		break;
	case P_SIGWAITINFO:
		pthread_sigmask(SIG_BLOCK, &set, NULL);
		sigwaitinfo(&set, &si);
		break;
	case P_SIGTIMEDWAIT:
		pthread_sigmask(SIG_BLOCK, &set, NULL);
		sigtimedwait(&set, &si, &ts);
		break;
	case P_SELECT: {
		struct timeval tv = {LONG_S, 0};

		select(0, NULL, NULL, NULL, &tv);
		break;
	}
	case P_PSELECT:
		pselect(0, NULL, NULL, NULL, &ts, NULL);
		break;
	case P_POLL:
		poll(NULL, 0, LONG_S * 1000);
		break;
	case P_PPOLL:
		ppoll(NULL, 0, &ts, NULL);
		break;
	case P_WAITPID:
		waitpid(child, &status, 0);
		break;
	case P_WAIT:
		wait(&status);
		break;
	case P_JOIN:
		pthread_join(forever_thread, NULL);
		break;
	case P_COND_WAIT:
	case P_COND_TIMEDWAIT:
		pthread_mutex_lock(&m);
		pthread_cleanup_push(unlock_mutex, &m);
		ts.tv_sec += time(NULL);
		if (p == P_COND_WAIT)
			pthread_cond_wait(&cv, &m);
		else
			pthread_cond_timedwait(&cv, &m, &ts);
		pthread_cleanup_pop(1);
		break;
	case P_COUNT:
		break;
	}
	return (void *)1;
}

static void test_points(void)
{
	for (int p = 0; p < P_COUNT; p++) {
		pthread_t t;
		void *r = NULL;
		int status;

		if (p == P_WAITPID || p == P_WAIT) {
			child = fork();
			if (child == 0) {
				sleep(LONG_S);
				_exit(0);
			}
		}
		if (p == P_JOIN)
			pthread_create(&forever_thread, NULL, forever, NULL);
		blocking = 0;
		pthread_create(&t, NULL, block_in, (void *)(intptr_t)p);
		while (!__atomic_load_n(&blocking, __ATOMIC_SEQ_CST))
			usleep(1000);
		usleep(20000);
		ok(pthread_cancel(t) == 0 && pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED,
		   "cancelled while blocked in %s", point_names[p]);
		if (p == P_WAITPID || p == P_WAIT) {
			kill(child, SIGKILL);
			waitpid(child, &status, 0);
		}
		if (p == P_JOIN) {
			pthread_cancel(forever_thread);
			ok(pthread_join(forever_thread, &r) == 0 && r == PTHREAD_CANCELED,
			   "the thread a cancelled joiner waited for is still joinable");
		}
		if (p == P_COND_WAIT || p == P_COND_TIMEDWAIT)
			ok(pthread_mutex_trylock(&m) == 0 && pthread_mutex_unlock(&m) == 0,
			   "%s: the cleanup handler released the mutex", point_names[p]);
	}
}

static volatile int wrote_or_read;

static void *cancel_self_then(void *arg)
{
	char c = 'X';

	pthread_cancel(pthread_self());
	if (arg)
		wrote_or_read = (int)write(1, "# this line must not appear\n", 28);
	else
		wrote_or_read = (int)read(0, &c, 1);
	return (void *)1;
}

static void test_pending(void)
{
	pthread_t t;
	void *r;

	wrote_or_read = -5;
	pthread_create(&t, NULL, cancel_self_then, (void *)1);
	pthread_join(t, &r);
	ok(r == PTHREAD_CANCELED && wrote_or_read == -5,
	   "write with a cancellation pending: cancelled before it writes");
	pthread_create(&t, NULL, cancel_self_then, NULL);
	pthread_join(t, &r);
	ok(r == PTHREAD_CANCELED && wrote_or_read == -5,
	   "read with a cancellation pending: cancelled before it reads");
}

static volatile int slept_rc = -2, survived;

static void *disabled_then_test(void *arg)
{
	struct timespec ts = {0, 50000000};
	int old = -1;

	(void)arg;
	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	__atomic_store_n(&blocking, 1, __ATOMIC_SEQ_CST);
	slept_rc = nanosleep(&ts, NULL);
	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	survived = old == PTHREAD_CANCEL_DISABLE;
	pthread_testcancel();
	survived = 2;
	return (void *)1;
}

static int order[4], order_n;

static void record(void *arg)
{
	order[order_n++] = (int)(intptr_t)arg;
}

static void *cleanups(void *arg)
{
	(void)arg;
	pthread_cleanup_push(record, (void *)1);
	pthread_cleanup_push(record, (void *)2);
	pthread_cleanup_pop(1); /* runs 2 */
	pthread_cleanup_push(record, (void *)3);
	pthread_cleanup_push(record, (void *)4);
	pthread_cleanup_pop(0); /* drops 4 */
	__atomic_store_n(&blocking, 1, __ATOMIC_SEQ_CST);
	sleep(LONG_S);
	pthread_cleanup_pop(0);
	pthread_cleanup_pop(0);
	return (void *)1;
}

static void *spin_async(void *arg)
{
	volatile unsigned long n = 0;
	int old = -1;

	(void)arg;
	pthread_setcanceltype(PTHREAD_CANCEL_ASYNCHRONOUS, &old);
	__atomic_store_n(&blocking, 1, __ATOMIC_SEQ_CST);
	for (;;)
		n++;
	return (void *)1;
}

static pthread_key_t key;
static volatile int destroyed;

static void destroy(void *v)
{
	destroyed = (int)(intptr_t)v;
}

static void *keyed_sleep(void *arg)
{
	(void)arg;
	pthread_setspecific(key, (void *)77);
	__atomic_store_n(&blocking, 1, __ATOMIC_SEQ_CST);
	sleep(LONG_S);
	return (void *)1;
}

static void *return_arg(void *arg)
{
	return arg;
}

/* Start fn, wait until it says it is about to block, give it time to. */
static pthread_t start(void *(*fn)(void *))
{
	pthread_t t;

	blocking = 0;
	pthread_create(&t, NULL, fn, NULL);
	while (!__atomic_load_n(&blocking, __ATOMIC_SEQ_CST))
		usleep(1000);
	usleep(20000);
	return t;
}

static void test_state_and_handlers(void)
{
	pthread_t t;
	void *r;
	int old;

	t = start(disabled_then_test);
	pthread_cancel(t);
	pthread_join(t, &r);
	ok(slept_rc == 0, "cancellation disabled: the sleep is not cut short");
	ok(r == PTHREAD_CANCELED && survived == 1,
	   "enabled again, it acts at the next cancellation point (testcancel)");

	t = start(cleanups);
	pthread_cancel(t);
	pthread_join(t, &r);
	ok(r == PTHREAD_CANCELED && order_n == 3 && order[0] == 2 && order[1] == 3 && order[2] == 1,
	   "cleanup handlers: pop(1) runs one, pop(0) drops one, cancellation runs the rest "
	   "innermost first");

	t = start(spin_async);
	pthread_cancel(t);
	ok(pthread_join(t, &r) == 0 && r == PTHREAD_CANCELED,
	   "asynchronous cancellation stops a thread that never calls the libc");

	pthread_key_create(&key, destroy);
	t = start(keyed_sleep);
	pthread_cancel(t);
	pthread_join(t, &r);
	ok(r == PTHREAD_CANCELED && destroyed == 77, "a cancelled thread's key destructors run");

	ok(pthread_setcancelstate(99, &old) == EINVAL && pthread_setcanceltype(99, &old) == EINVAL,
	   "setcancelstate(99), setcanceltype(99) -> EINVAL");
	ok(pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old) == 0 &&
	       old == PTHREAD_CANCEL_ENABLE &&
	       pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, NULL) == 0,
	   "setcancelstate returns the old state; a NULL old state is allowed");
	ok(pthread_setcanceltype(PTHREAD_CANCEL_DEFERRED, &old) == 0 &&
	       old == PTHREAD_CANCEL_DEFERRED,
	   "setcanceltype returns the old type");

	pthread_create(&t, NULL, return_arg, NULL);
	usleep(20000);
	ok(pthread_cancel(t) == 0, "cancelling a thread that ended, not joined -> 0");
	ok(pthread_join(t, &r) == 0 && r == NULL, "it keeps its own return value");
#ifdef HANDLES_CHECKED
	ok(pthread_cancel(t) == ESRCH, "cancelling a joined thread -> ESRCH");
#endif
}

int main(void)
{
	test_points();
	test_pending();
	test_state_and_handlers();
	return done_testing();
}
