/*
 * Sleeping calls ended by another task's signal: sigtimedwait, sigsuspend
 * and pause return EINTR once a handled signal has run its handler, and
 * are not woken by signals that are ignored (by default or SIG_IGN) or
 * blocked.  tick386 only (two tasks; user/libc has no fork).
 */
/* modules: m_sig_poker */
/* linux: skip */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "handshake.h"
#include "../tap.h"

static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	(void)sig;
	handled++;
}

static void go(void)
{
	handled = 0;
	kill(2, SIGUSR1);
}

static int term_pending(void)
{
	sigset_t p;

	sigpending(&p);
	return sigismember(&p, SIGTERM);
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, mask;
	struct timespec ts = {20, 0};
	siginfo_t info;
	int r;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	signal(SIGUSR2, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, NULL);

	handshake_init(SIGRTMIN + 1, NULL);

	/* sigtimedwait for a signal that never comes. */
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 5);
	go();
	errno = 0;
	r = sigtimedwait(&set, &info, &ts);
	ok(r == -1 && errno == EINTR, "sigtimedwait: EINTR (r %d errno %d)", r, errno);
	ok(handled == 1,
	   "only after the SIGUSR1 handler ran (ignored and blocked ones did not wake it)");
	ok(term_pending(), "the blocked SIGTERM is pending");

	/* sigsuspend with a mask that keeps SIGTERM blocked. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGTERM);
	go();
	errno = 0;
	r = sigsuspend(&mask);
	ok(r == -1 && errno == EINTR && handled == 1, "sigsuspend: EINTR after the handler (%d)",
	   (int)handled);

	/* pause. */
	go();
	errno = 0;
	r = pause();
	ok(r == -1 && errno == EINTR && handled == 1, "pause: EINTR after the handler (%d)",
	   (int)handled);
	ok(term_pending(), "SIGTERM still pending, never delivered");
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	ts.tv_sec = 0;
	ok(sigtimedwait(&set, &info, &ts) == SIGTERM && info.si_pid == 2,
	   "and it came from task 2");
	return done_testing();
}
