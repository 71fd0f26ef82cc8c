/*
 * SIGEV_THREAD: at each expiry the timer's function runs with its
 * sigev_value, in a thread of the process other than the caller's; the
 * thread is detached, starts with every signal blocked (glibc's threads
 * inherit its helper's mask), and takes sigev_notify_attributes' stack
 * size.  One-shot and periodic timers, two timers apart, timer_delete
 * stopping the calls, the other calls on such a timer, and a bad clock.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include "conformance.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
static int calls[2], bad_value, in_caller, other_process, usr1_open, joinable;
static pid_t caller_tid, caller_pid;

static void record(int which, union sigval v, int want)
{
	sigset_t mask;

	pthread_mutex_lock(&lock);
	calls[which]++;
	bad_value += v.sival_int != want;
	in_caller += gettid() == caller_tid;
	other_process += getpid() != caller_pid;
	pthread_sigmask(SIG_BLOCK, NULL, &mask);
	usr1_open += sigismember(&mask, SIGUSR1) != 1;
	joinable += pthread_detach(pthread_self()) != EINVAL;
	pthread_cond_broadcast(&cond);
	pthread_mutex_unlock(&lock);
}

static void notify0(union sigval v)
{
	record(0, v, 4242);
}

static void notify1(union sigval v)
{
	record(1, v, 77);
}

static int count(int which)
{
	int n;

	pthread_mutex_lock(&lock);
	n = calls[which];
	pthread_mutex_unlock(&lock);
	return n;
}

/* Wait until timer `which` has made n calls, or timeout_ms passed. */
static int wait_calls(int which, int n, long timeout_ms)
{
	int64_t end = mono_ns() + timeout_ms * NS_PER_MS;

	while (count(which) < n && mono_ns() < end)
		sleep_ms(2);
	return count(which);
}

static int make(void (*fn)(union sigval), int value, pthread_attr_t *attr, timer_t *t)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD;
	ev.sigev_notify_function = fn;
	ev.sigev_value.sival_int = value;
	ev.sigev_notify_attributes = attr;
	return timer_create(CLOCK_MONOTONIC, &ev, t);
}

int main(void)
{
	pthread_attr_t attr;
	timer_t t0, t1;
	int n, n2;
	int64_t left;

	caller_tid = gettid();
	caller_pid = getpid();
	EXPECT(make(notify0, 4242, NULL, &t0), 0, "timer_create SIGEV_THREAD");
	EXPECT(arm_timer(t0, 0, 20 * NS_PER_MS, 0), 0, "arm it one-shot, 20 ms");
	n = wait_calls(0, 1, 2000);
	sleep_ms(100);
	why("calls %d then %d", n, count(0));
	ok(n == 1 && count(0) == 1, "the one-shot timer calls its function once");
	ok(bad_value == 0, "with its sigev_value");
	ok(in_caller == 0 && other_process == 0,
	   "in a thread other than the caller's, of the same process");
	ok(usr1_open == 0,
	   "that thread starts with SIGUSR1 blocked, which its creator did not block");
	ok(joinable == 0, "and it is detached (pthread_detach -> EINVAL)");

	EXPECT(arm_timer(t0, 0, 10 * NS_PER_MS, 10 * NS_PER_MS), 0, "arm it periodic, 10 ms");
	left = timer_left(t0);
	why("left %lld ns", (long long)left);
	ok(left > 0 && left <= 10 * NS_PER_MS, "timer_gettime reads it armed, <= 10 ms left");
	n = wait_calls(0, 6, 2000);
	ok(n >= 6, "the periodic timer calls its function again and again (>= 5 more)");
	n = timer_getoverrun(t0);
	why("overrun %d", n);
	ok(n >= 0, "timer_getoverrun on it >= 0");
	EXPECT(timer_delete(t0), 0, "timer_delete");
	sleep_ms(30); /* a call already started may still finish */
	n = count(0);
	sleep_ms(100);
	n2 = count(0);
	why("%d then %d calls", n, n2);
	ok(n2 == n, "after timer_delete, no more calls");
	EXPECT(timer_gettime(t0, &(struct itimerspec){{0, 0}, {0, 0}}), EINVAL,
	       "timer_gettime on the deleted id");

	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_JOINABLE);
	EXPECT(make(notify0, 4242, &attr, &t0), 0, "SIGEV_THREAD with joinable attributes");
	EXPECT(make(notify1, 77, NULL, &t1), 0, "a second SIGEV_THREAD timer");
	pthread_attr_destroy(&attr); /* the timer keeps its own copy */
	n = count(0);
	arm_timer(t0, 0, 5 * NS_PER_MS, 0);
	arm_timer(t1, 0, 15 * NS_PER_MS, 0);
	wait_calls(0, n + 1, 2000);
	wait_calls(1, 1, 2000);
	sleep_ms(50);
	why("calls %d, %d", count(0) - n, count(1));
	ok(count(0) == n + 1 && count(1) == 1, "two timers, one call each");
	ok(bad_value == 0 && joinable == 0,
	   "each with its own value, detached whatever the attributes said");
	timer_delete(t0);
	timer_delete(t1);

	{
		struct sigevent ev;

		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_THREAD;
		ev.sigev_notify_function = notify0;
		EXPECT(timer_create(99, &ev, &t0), EINVAL, "SIGEV_THREAD on clock 99");
	}
	return done();
}
