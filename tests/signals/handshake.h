/*
 * Starting init and a helper task without a race.  Both are started at
 * boot in no set order, and a signal that arrives before its receiver
 * blocks or handles it kills the receiver.  So init asks with SIGWINCH,
 * which is ignored by default (harmless while the helper is not ready),
 * again and again until the helper, which blocks SIGWINCH first thing,
 * answers with `answer`, which init blocked before asking.
 */
#ifndef TESTS_SIGNALS_HANDSHAKE_H
#define TESTS_SIGNALS_HANDSHAKE_H

#include <signal.h>
#include <time.h>
#include <unistd.h>

/* init's side; the answer stays blocked.  Returns the answer's signal. */
static inline int handshake_init(int answer, siginfo_t *info)
{
	struct timespec poll = {0, 20 * 1000 * 1000};
	sigset_t a;
	int r;

	sigemptyset(&a);
	sigaddset(&a, answer);
	sigprocmask(SIG_BLOCK, &a, NULL);
	do {
		kill(2, SIGWINCH);
	} while ((r = sigtimedwait(&a, info, &poll)) != answer);
	return r;
}

/* The helper's side: call first in main, then handshake_answer when ready. */
static inline void handshake_block(void)
{
	sigset_t w;

	sigemptyset(&w);
	sigaddset(&w, SIGWINCH);
	sigprocmask(SIG_BLOCK, &w, NULL);
}

static inline void handshake_answer(int answer)
{
	sigset_t w;

	sigemptyset(&w);
	sigaddset(&w, SIGWINCH);
	sigwaitinfo(&w, NULL);
	kill(1, answer);
}

#endif
