/*
 * Helper of t_sig_interrupt (task 2).  Three times: wait for init's
 * SIGUSR1 ("go"), send init signals that must not end its wait (SIGURG,
 * ignored by default; SIGUSR2, which init ignores; SIGTERM, which init
 * blocks), give init plenty of time to (wrongly) wake, then send the
 * SIGUSR1 that init handles.
 */
#include <sched.h>
#include <signal.h>
#include <unistd.h>
#include "handshake.h"

int main(void)
{
	sigset_t go;
	int round, i;

	handshake_block();
	sigemptyset(&go);
	sigaddset(&go, SIGUSR1);
	sigprocmask(SIG_BLOCK, &go, NULL);
	handshake_answer(SIGRTMIN + 1); /* ready: a "go" can no longer kill us */
	for (round = 0; round < 3; round++) {
		sigwaitinfo(&go, NULL);
		kill(1, SIGURG);
		kill(1, SIGUSR2);
		kill(1, SIGTERM);
		for (i = 0; i < 500; i++)
			sched_yield();
		kill(1, SIGUSR1);
	}
	return 0;
}
