/*
 * 200 processes forked and reaped in a loop, each with timers: a periodic
 * 1 ms timer whose signals it takes, a one-shot armed far away, and a
 * pending timer signal still queued when it exits.  Every child must end as
 * it said (its exit code), every timer must go with its process (the
 * kernel's count is 0 at the end, its peak small: children never pile up),
 * and the runner's page check (init runs alone) proves that fork, exit and
 * wait left no page behind.  Then fork until memory runs out: each failure
 * is ENOMEM with nothing half-made, and every child made is reaped.
 */
/* expect-line: tick386: posix timers: now 0, peak 3, */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS 200

static int child(int i)
{
	timer_t tick, far, pend;
	struct sigevent ev;
	struct itimerspec v;
	sigset_t set;
	siginfo_t si;
	struct timespec wait = {1, 0};
	int got = 0;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigaddset(&set, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (timer_create(CLOCK_MONOTONIC, &ev, &tick) || timer_create(CLOCK_MONOTONIC, &ev, &far))
		return 100;
	ev.sigev_signo = SIGRTMIN + 1;
	if (timer_create(CLOCK_MONOTONIC, &ev, &pend))
		return 101;
	memset(&v, 0, sizeof(v));
	v.it_value.tv_nsec = 1000000;
	v.it_interval.tv_nsec = 1000000;
	timer_settime(tick, 0, &v, NULL);
	v.it_interval.tv_nsec = 0;
	timer_settime(pend, 0, &v, NULL); /* its signal stays queued at exit */
	v.it_value.tv_sec = 100;
	timer_settime(far, 0, &v, NULL);
	sigdelset(&set, SIGRTMIN + 1);
	while (got < 3) {
		if (sigtimedwait(&set, &si, &wait) != SIGRTMIN || si.si_code != SI_TIMER)
			return 102;
		got++;
	}
	return i & 0x7f; /* the timers are left armed: exit deletes them */
}

int main(void)
{
	int bad_status = 0, bad_pid = 0, made = 0, refused = 0, other = 0;
	pid_t kids[64];

	for (int i = 0; i < ROUNDS; i++) {
		int st = -1;
		pid_t pid = fork();

		if (pid == 0)
			_exit(child(i));
		if (pid < 0) {
			bad_pid++;
			continue;
		}
		if (waitpid(pid, &st, 0) != pid)
			bad_pid++;
		else if (!WIFEXITED(st) || WEXITSTATUS(st) != (i & 0x7f))
			bad_status++;
	}
	UTAP_OK(bad_pid == 0, "%d forks and waits: every fork and waitpid worked (%d did not)",
		ROUNDS, bad_pid);
	UTAP_OK(bad_status == 0, "every child took its timer signals and exited as it said (%d did not)",
		bad_status);

	/* Children that sit in pause() while their parent forks more: each one
	 * costs pages, until fork must refuse. */
	for (int i = 0; i < 64; i++) {
		void *p;
		pid_t pid;

		/* A bigger image makes each fork cost more pages. */
		p = malloc(1 << 20);
		if (p)
			memset(p, i, 1 << 20);
		pid = fork();
		if (pid == 0) {
			for (;;)
				pause();
		}
		if (pid > 0)
			kids[made++] = pid;
		else if (errno == ENOMEM)
			refused++;
		else
			other++;
		if (pid < 0)
			break;
	}
	UTAP_OK(refused == 1 && other == 0,
		"fork out of memory: ENOMEM after %d children (refused %d, other errors %d)", made,
		refused, other);
	for (int i = 0; i < made; i++)
		kill(kids[i], SIGKILL);
	int reaped = 0;
	for (int i = 0; i < made; i++) {
		int st;

		if (waitpid(kids[i], &st, 0) == kids[i] && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL)
			reaped++;
	}
	UTAP_OK(reaped == made, "every child of the out-of-memory run reaped (%d of %d)", reaped, made);
	UTAP_OK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD, "no child left");
	return done_testing();
}
