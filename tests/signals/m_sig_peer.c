/*
 * Helper of t_sig_peer (task 2, started with it): answers init's signals.
 *   start          SIGUSR2 to init: "ready" (handshake.h)
 *   SIGUSR1 (1st)  ends its pause(); it queues SIGUSR2 to init with value
 *                  1 if pause said EINTR, then sends init SIGRTMIN with a
 *                  counter, forever (so init sees whether it runs)
 *   SIGUSR1 (2nd)  it stops counting, queues SIGRTMIN+1 to init and waits
 *                  in sigwaitinfo for SIGTERM, which never comes: init ends
 *                  that wait with SIGKILL
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "handshake.h"

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

static void tell(int sig, int value)
{
	union sigval v;

	v.sival_int = value;
	sigqueue(1, sig, v);
}

int main(void)
{
	struct sigaction sa;
	sigset_t term;
	int r, n = 0;

	handshake_block();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	handshake_answer(SIGUSR2); /* "ready", with SIGUSR1 handled */

	errno = 0;
	r = pause();
	tell(SIGUSR2, r == -1 && errno == EINTR && usr1 == 1);
	while (usr1 < 2) {
		tell(SIGRTMIN, n++);
		sched_yield();
	}
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigprocmask(SIG_BLOCK, &term, NULL);
	tell(SIGRTMIN + 1, n);
	sigwaitinfo(&term, NULL);
	return 7; /* never: SIGKILL ends the wait */
}
