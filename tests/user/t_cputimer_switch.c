/*
 * A timer on another process's CPU clock fires when that clock passes its
 * expiry, even if the process then sleeps for good.  The child spins until
 * its CPU clock is a little (delta) short of the parent's one-shot, then
 * pauses: the expiry falls inside pause's way to sleep, where interrupts
 * are off, for some delta (-icount: the same ones every run).  The timer's
 * interrupt then comes after the switch; the CPU-time ktimer must not be
 * cancelled with the clock (kernel/time/posix_cputimers.c), or the expiry
 * waits until the child runs again, here never: the parent would find the
 * child's clock past the expiry and no signal.  Found by t_stress_timers
 * (timers of workers on init's CPU clock).
 */
/* qemu: -icount shift=3,sleep=off */
/* expect-line: tick386: posix timers: now 0, peak 1, */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NS 1000000000ll
#define EXPIRY 1000000ll /* 1 ms of the child's CPU time */

static long long now_on(clockid_t c)
{
	struct timespec t;

	if (clock_gettime(c, &t))
		return -1;
	return t.tv_sec * NS + t.tv_nsec;
}

static void child(long long delta)
{
	sigset_t go;
	int sig;

	sigemptyset(&go);
	sigaddset(&go, SIGUSR1);
	sigwait(&go, &sig);
	while (now_on(CLOCK_PROCESS_CPUTIME_ID) < EXPIRY - delta)
		;
	for (;;)
		pause();
}

int main(void)
{
	int trials = 0, lost = 0, first_lost = -1;
	struct timespec wait = {0, 50000000}; /* 50 ms */
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	sigdelset(&set, SIGUSR1);
	for (long long delta = 0; delta < 20000; delta += 100, trials++) {
		struct itimerspec its;
		struct sigevent ev;
		siginfo_t si;
		timer_t t;
		pid_t pid = fork();
		clockid_t clock;

		if (pid == 0)
			child(delta);
		clock = MAKE_PROCESS_CPUCLOCK(pid, CPUCLOCK_SCHED);
		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGRTMIN;
		memset(&its, 0, sizeof(its));
		its.it_value.tv_nsec = EXPIRY;
		if (timer_create(clock, &ev, &t) || timer_settime(t, TIMER_ABSTIME, &its, NULL)) {
			ok(0, "a timer on the child's CPU clock: %s", strerror(errno));
			kill(pid, SIGKILL);
			waitpid(pid, NULL, 0);
			return done_testing();
		}
		kill(pid, SIGUSR1);
		if (sigtimedwait(&set, &si, &wait) != SIGRTMIN && now_on(clock) >= EXPIRY) {
			if (!lost++)
				first_lost = (int)delta;
		}
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		timer_delete(t);
	}
	ok(lost == 0,
	   "%d children paused just past a timer on their CPU clock: each time it fired "
	   "(%d lost, the first at %d ns short)",
	   trials, lost, first_lost);
	return done_testing();
}
