/*
 * A CPU-time timer armed on a clock that stands still (its process or
 * thread is not running: asleep in pause or a wait): an expiry the clock
 * has already reached fires at once, as Linux's (posix_cpu_timer_set
 * fires a timer it finds expired), and was lost on tick386 until the
 * clock ran again (never, for a process that sleeps for good); an expiry
 * ahead of the clock never fires while it stands, and fires once the
 * clock reaches it, not before.  The same source runs as Linux's /init.
 */
/* qemu: -icount shift=3,sleep=off */
/* expect: status=0 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static long long ns_of(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts))
		return -1;
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void burn_until(clockid_t c, long long ns)
{
	volatile unsigned long x = 0;

	while (ns_of(c) < ns)
		for (int i = 0; i < 1000; i++)
			x++;
}

/* Wait up to ms for sig (blocked): 1 if it came. */
static int take(int sig, long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	return sigtimedwait(&set, NULL, &t) == sig;
}

static timer_t arm(clockid_t c, int flags, long long value_ns)
{
	struct sigevent sev;
	struct itimerspec its;
	timer_t t;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	timer_create(c, &sev, &t);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = value_ns / 1000000000LL;
	its.it_value.tv_nsec = value_ns % 1000000000LL;
	timer_settime(t, flags, &its, NULL);
	return t;
}

static void *sleeper(void *arg)
{
	(void)arg;
	burn_until(CLOCK_THREAD_CPUTIME_ID, 20000000LL);
	for (;;)
		pause();
	return NULL;
}

static void on_usr1(int sig)
{
	(void)sig;
}

int main(void)
{
	sigset_t set;
	clockid_t child_clock, thread_clock;
	pthread_t th;
	pid_t child;
	timer_t t;
	long long at;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	child = fork();
	if (child == 0) { /* 30 ms of CPU, then asleep until SIGUSR1, then 30 ms more */
		signal(SIGUSR1, on_usr1);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		burn_until(CLOCK_PROCESS_CPUTIME_ID, 30000000LL);
		kill(getppid(), SIGUSR2);
		pause();
		burn_until(CLOCK_PROCESS_CPUTIME_ID, 60000000LL);
		for (;;)
			pause();
	}
	if (!take(SIGUSR2, 5000))
		return 1;
	{
		struct timespec settle = {0, 50000000};

		nanosleep(&settle, NULL); /* it is in pause now */
	}
	ok(clock_getcpuclockid(child, &child_clock) == 0, "the child's CPU clock");
	at = ns_of(child_clock);
	t = arm(child_clock, TIMER_ABSTIME, 10000000LL);
	ok(take(SIGRTMIN, 1000), "armed at 10 ms on it, which stands at %lld ms: fires at once",
	   at / 1000000);
	timer_delete(t);

	t = arm(child_clock, 0, 10000000LL);
	ok(!take(SIGRTMIN, 300), "10 ms ahead of the standing clock: nothing in 300 ms");
	at = ns_of(child_clock);
	kill(child, SIGUSR1); /* its clock runs again */
	ok(take(SIGRTMIN, 3000), "the clock runs again: it fires");
	ok(ns_of(child_clock) >= at + 10000000LL, "not before the clock got there (%lld ns on)",
	   ns_of(child_clock) - at);
	timer_delete(t);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);

	pthread_create(&th, NULL, sleeper, NULL);
	while (pthread_getcpuclockid(th, &thread_clock) != 0 || ns_of(thread_clock) < 20000000LL)
		sched_yield();
	{
		struct timespec settle = {0, 50000000};

		nanosleep(&settle, NULL); /* it is in pause now */
	}
	t = arm(thread_clock, TIMER_ABSTIME, 5000000LL);
	ok(take(SIGRTMIN, 1000), "a sleeping thread's clock, passed already: fires at once");
	timer_delete(t);
	t = arm(thread_clock, 0, 5000000LL);
	ok(!take(SIGRTMIN, 300), "ahead of it: nothing while it sleeps");
	timer_delete(t);
	return done_testing();
}
