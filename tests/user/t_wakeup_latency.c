/*
 * A timer's signal reaches a task that sleeps beside busy tasks within
 * about the wakeup granularity (1 ms), not after their slices: 4 children
 * spin while this process takes 50 periods of a 1 ms timer in pause(), and
 * the handler, reading the clock first, must run less than 2 ms after each
 * deadline (before wakeup preemption it waited up to 4 slices: ~40 ms).
 * Under -icount, so that the figures are the kernel's, not the host's.
 */
/* qemu: -icount shift=3,align=off,sleep=off */
/* expect: status=0 */
#include "../tap.h"
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PERIODS 50
#define PERIOD_NS 1000000LL

static volatile long long worst, first_deadline;
static volatile int taken;

static long long ns(const struct timespec *t)
{
	return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

static void on_tick(int sig, siginfo_t *si, void *uc)
{
	struct timespec now;
	long long deadline, late;

	clock_gettime(CLOCK_MONOTONIC, &now);
	(void)sig;
	(void)uc;
	/* the deadline of the expiry that queued this signal: the first one
	 * not taken yet (its overrun counts the periods missed since) */
	deadline = first_deadline + (long long)taken * PERIOD_NS;
	taken += 1 + si->si_overrun;
	late = ns(&now) - deadline;
	if (late > worst)
		worst = late;
}

int main(void)
{
	struct sigaction sa;
	struct sigevent ev;
	struct itimerspec its;
	struct timespec now;
	timer_t tid;
	pid_t kids[4];

	for (int i = 0; i < 4; i++) {
		kids[i] = fork();
		if (kids[i] == 0)
			for (;;)
				;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_tick;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGRTMIN, &sa, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	timer_create(CLOCK_MONOTONIC, &ev, &tid);
	clock_gettime(CLOCK_MONOTONIC, &now);
	first_deadline = ns(&now) + 5 * PERIOD_NS;
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = first_deadline / 1000000000LL;
	its.it_value.tv_nsec = first_deadline % 1000000000LL;
	its.it_interval.tv_nsec = PERIOD_NS;
	timer_settime(tid, TIMER_ABSTIME, &its, NULL);
	while (taken < PERIODS)
		pause();
	timer_delete(tid);
	for (int i = 0; i < 4; i++) {
		kill(kids[i], SIGKILL);
		waitpid(kids[i], NULL, 0);
	}
	ok(taken >= PERIODS, "%d periods of 1 ms taken beside 4 spinning tasks", taken);
	ok(taken == PERIODS, "none missed (overruns: %d)", taken - PERIODS);
	ok(worst < 2 * PERIOD_NS, "deadline to handler: worst %lld ns, under 2 ms", worst);
	return done_testing();
}
