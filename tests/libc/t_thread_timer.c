/*
 * SIGEV_THREAD in user/libc beyond what tests/conformance/thread_sigev_thread
 * compares with glibc: the thread attributes reach the function's thread
 * (its stack), many expiries, many timers made and deleted leave no record behind, a bad
 * timer_t pointer is EFAULT, and a child of fork, which has no helper
 * thread of its own, gets one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static volatile int calls;
static volatile uintptr_t local_seen;

static void count(union sigval v)
{
	char here = 0;

	local_seen = (uintptr_t)&here;
	__atomic_fetch_add(&calls, v.sival_int, __ATOMIC_SEQ_CST);
}

static int make(timer_t *t, const pthread_attr_t *attr)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_notify_function = count;
	ev.sigev_value.sival_int = 1;
	ev.sigev_notify_attributes = (pthread_attr_t *)attr;
	return timer_create(CLOCK_MONOTONIC, &ev, t);
}

static int arm(timer_t t, long value_ns, long interval_ns)
{
	struct itimerspec v = {{0, interval_ns}, {0, value_ns}};

	return timer_settime(t, 0, &v, NULL);
}

static int wait_calls(int n)
{
	for (int i = 0; i < 2000 && __atomic_load_n(&calls, __ATOMIC_SEQ_CST) < n; i++)
		usleep(1000);
	return __atomic_load_n(&calls, __ATOMIC_SEQ_CST);
}

int main(void)
{
	static char stack[64 * 1024] __attribute__((aligned(16)));
	pthread_attr_t attr;
	char *before, *after;
	timer_t t;
	int n, fails = 0, status = -1;
	pid_t pid;

	pthread_attr_init(&attr);
	pthread_attr_setstack(&attr, stack, sizeof(stack));
	ok(make(&t, &attr) == 0 && arm(t, 5000000, 0) == 0, "SIGEV_THREAD with a stack given");
	ok(wait_calls(1) == 1 && local_seen >= (uintptr_t)stack &&
	       local_seen < (uintptr_t)stack + sizeof(stack),
	   "the function runs on that stack");
	timer_delete(t);
	usleep(20000);

	calls = 0;
	fails += make(&t, NULL) != 0 || arm(t, 1000000, 1000000) != 0;
	n = wait_calls(100);
	timer_delete(t);
	usleep(50000); /* the last calls end */
	tap_why("%d calls", n);
	ok(fails == 0 && n >= 100, "a 1 ms periodic SIGEV_THREAD timer: 100 calls and more");

	/* Each timer has a record in the libc, freed by timer_delete. */
	before = sbrk(0);
	for (int i = 0; i < 10000; i++) {
		fails += make(&t, NULL) != 0;
		fails += timer_delete(t) != 0;
	}
	after = sbrk(0);
	tap_why("break moved %ld bytes", (long)(after - before));
	ok(fails == 0 && after - before < 256L << 10,
	   "10000 timers made and deleted: the heap did not grow (< 256 KiB)");

	errno = 0;
	{
		struct sigevent ev;

		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_THREAD;
		ev.sigev_notify_function = count;
		ok(timer_create(CLOCK_MONOTONIC, &ev, (timer_t *)1) == -1 && errno == EFAULT,
		   "SIGEV_THREAD with a bad timer_t pointer -> EFAULT");
		errno = 0;
		ok(timer_create(CLOCK_MONOTONIC, (struct sigevent *)1, &t) == -1 && errno == EFAULT,
		   "a bad sigevent pointer -> EFAULT, not a fault in the libc");
	}

	pid = fork();
	if (pid == 0) {
		calls = 0;
		if (make(&t, NULL) != 0 || arm(t, 5000000, 0) != 0)
			_exit(2);
		_exit(wait_calls(1) == 1 ? 7 : 3);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 7,
	   "a child of fork starts its own helper: its SIGEV_THREAD timer calls");
	return done_testing();
}
