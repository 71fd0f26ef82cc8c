/*
 * Timer ids belong to their process.  m_timers_victim (a second task) creates
 * three timers and sends their ids here; every timer call on them from this
 * task must be EINVAL and change nothing: the victim then checks its timers
 * still run as it set them.  When the victim exits with its timers armed,
 * they are deleted with it (the kernel's count at the end is 0) and no
 * signal is ever aimed at the task that is gone.
 */
/* modules: m_timers_victim */
/* expect-line: tick386: posix timers: now 0, peak 4, */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>

static int expect_einval(long rc)
{
	return rc == -1 && errno == EINVAL;
}

int main(void)
{
	sigset_t set;
	siginfo_t info;
	struct timespec wait = {5, 0};
	timer_t ids[3], mine;
	pid_t victim = 0;
	int got = 0;

	UTAP_PLAN(8);
	sigemptyset(&set);
	sigaddset(&set, (SIGRTMIN + 1));
	sigprocmask(SIG_BLOCK, &set, NULL);
	UTAP_OK(timer_create(CLOCK_MONOTONIC, NULL, &mine) == 0, "own timer created");

	while (got < 3 && sigtimedwait(&set, &info, &wait) == SIGRTMIN + 1) {
		victim = info.si_pid;
		ids[got++] = (timer_t)info.si_value.sival_int;
	}
	UTAP_OK(got == 3, "the victim (pid %d) sent its 3 timer ids", (int)victim);

	int refused = 0, calls = 0;
	for (int i = 0; i < got; i++) {
		struct itimerspec its = {{0, 1000000}, {0, 1000000}}, old;
		calls += 4;
		refused += expect_einval(timer_gettime(ids[i], &old));
		refused += expect_einval(timer_settime(ids[i], 0, &its, &old));
		refused += expect_einval(timer_getoverrun(ids[i]));
		refused += expect_einval(timer_delete(ids[i]));
	}
	UTAP_OK(got == 3 && refused == calls, "%d of %d calls on another process's ids were EINVAL",
		refused, calls);
	struct itimerspec cur;
	UTAP_OK(timer_gettime(mine, &cur) == 0, "own id still works");

	/* Tell the victim we are done; it answers 1 if its timers were untouched. */
	sigqueue(victim, SIGUSR2, (union sigval){.sival_int = 0});
	int answered = sigtimedwait(&set, &info, &wait) == SIGRTMIN + 1;
	UTAP_OK(answered && info.si_value.sival_int == 1, "the victim's timers ran as it set them");

	/* The victim exits with a 5 ms periodic timer armed. */
	int gone = 0;
	for (int i = 0; i < 500 && !gone; i++) {
		struct timespec ms = {0, 2000000};
		nanosleep(&ms, NULL);
		gone = kill(victim, 0) == -1 && errno == ESRCH;
	}
	UTAP_OK(gone, "the victim has exited");
	struct timespec settle = {0, 50000000};
	UTAP_OK(nanosleep(&settle, NULL) == 0, "50 ms later the kernel still runs");
	UTAP_OK(timer_delete(mine) == 0, "own timer deleted");
	return UTAP_DONE();
}
