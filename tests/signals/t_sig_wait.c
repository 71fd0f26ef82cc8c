/*
 * sigtimedwait, sigwaitinfo, sigsuspend: taking signals synchronously,
 * timeouts, bad timeouts, the mask during and after sigsuspend.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static volatile int handled, usr2_blocked_in_handler, term_blocked_in_handler;

static void on_usr1(int sig)
{
	sigset_t cur;

	(void)sig;
	handled++;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	usr2_blocked_in_handler = sigismember(&cur, SIGUSR2);
	term_blocked_in_handler = sigismember(&cur, SIGTERM);
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, cur, suspend_mask;
	siginfo_t info;
	struct timespec ts, t0, t1;
	union sigval v;
	int r;
	long ms;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);

	/* Nothing pending: EAGAIN at once for a zero timeout, after it otherwise. */
	ts.tv_sec = 0;
	ts.tv_nsec = 0;
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EAGAIN, "zero timeout: EAGAIN");
	ts.tv_nsec = 30 * 1000 * 1000;
	r = clock_gettime(CLOCK_MONOTONIC, &t0);
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EAGAIN, "30 ms timeout: EAGAIN");
	if (r == 0 && clock_gettime(CLOCK_MONOTONIC, &t1) == 0) {
		ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
		ok(ms >= 29, "it waited the timeout (%ld ms)", ms);
	}

	/* Bad timeouts change nothing. */
	raise(SIGUSR1);
	ts.tv_sec = 0;
	ts.tv_nsec = 1000000000;
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EINVAL, "tv_nsec = 1e9: EINVAL");
	ts.tv_nsec = -1;
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EINVAL, "tv_nsec = -1: EINVAL");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EINVAL, "tv_sec = -1: EINVAL");
	sigpending(&cur);
	ok(sigismember(&cur, SIGUSR1), "the pending signal is still there");

	/* A waited-for signal is taken, its handler does not run. */
	handled = 0;
	memset(&info, 0, sizeof(info));
	ts.tv_sec = 1;
	ts.tv_nsec = 0;
	r = sigtimedwait(&set, &info, &ts);
	ok(r == SIGUSR1 && info.si_signo == SIGUSR1 && info.si_code == SI_USER &&
	       info.si_pid == getpid(),
	   "sigtimedwait takes SIGUSR1 with its siginfo (%d)", r);
	ok(handled == 0, "and its handler did not run");
	v.sival_int = 77;
	sigqueue(getpid(), SIGRTMIN, v);
	raise(SIGUSR1);
	r = sigwaitinfo(&set, &info);
	ok(r == SIGUSR1, "sigwaitinfo: the lower number first (%d)", r);
	r = sigwaitinfo(&set, &info);
	ok(r == SIGRTMIN && info.si_code == SI_QUEUE && info.si_value.sival_int == 77,
	   "then SIGRTMIN with value 77");
	/* Only the set: a pending signal outside it stays. */
	raise(SIGUSR1);
	sigemptyset(&cur);
	sigaddset(&cur, SIGRTMIN);
	ts.tv_sec = 0;
	errno = 0;
	ok(sigtimedwait(&cur, &info, &ts) == -1 && errno == EAGAIN,
	   "a set without SIGUSR1 does not take it");
	/* SIGKILL and SIGSTOP in the set are dropped silently. */
	sigemptyset(&cur);
	sigaddset(&cur, SIGKILL);
	sigaddset(&cur, SIGSTOP);
	errno = 0;
	ok(sigtimedwait(&cur, &info, &ts) == -1 && errno == EAGAIN,
	   "a set of SIGKILL, SIGSTOP: EAGAIN");

	/* sigsuspend: the handler runs under the suspend mask plus its signal. */
	sigemptyset(&suspend_mask);
	sigaddset(&suspend_mask, SIGUSR2);
	sigaddset(&cur, SIGTERM);
	sigprocmask(SIG_BLOCK, &cur, NULL); /* SIGTERM blocked before */
	handled = 0;
	errno = 0;
	r = sigsuspend(&suspend_mask); /* SIGUSR1 is pending: returns at once */
	ok(r == -1 && errno == EINTR && handled == 1, "sigsuspend: EINTR after the handler");
	ok(usr2_blocked_in_handler && !term_blocked_in_handler,
	   "the handler ran with the suspend mask (SIGUSR2 blocked, SIGTERM not)");
	sigprocmask(SIG_BLOCK, NULL, &cur);
	ok(sigismember(&cur, SIGUSR1) && sigismember(&cur, SIGTERM) && !sigismember(&cur, SIGUSR2),
	   "after sigsuspend the old mask is back");

	/* The calls' own argument checks, straight to the kernel. */
	{
		unsigned long long kset = 1ULL << (SIGUSR1 - 1);

		errno = 0;
		ok(syscall(SYS_rt_sigtimedwait, &kset, NULL, NULL, 4) == -1 && errno == EINVAL,
		   "rt_sigtimedwait sigsetsize 4: EINVAL");
		errno = 0;
		ok(syscall(SYS_rt_sigsuspend, &kset, 16) == -1 && errno == EINVAL,
		   "rt_sigsuspend sigsetsize 16: EINVAL");
	}
	return done_testing();
}
