/*
 * Helper of t_sig_restart (task 2).  For each of init's SIGUSR1 ("go"):
 * lets init settle into its blocking call, sends SIGUSR2 (init's handler
 * with SA_RESTART), waits again, then SIGTERM (init's handler without it).
 */
#include <sched.h>
#include <signal.h>
#include <unistd.h>
#include "handshake.h"

static void settle(void)
{
	for (int i = 0; i < 500; i++)
		sched_yield();
}

int main(void)
{
	sigset_t go;
	int round;

	handshake_block();
	sigemptyset(&go);
	sigaddset(&go, SIGUSR1);
	sigprocmask(SIG_BLOCK, &go, NULL);
	handshake_answer(SIGRTMIN + 1); /* ready: a "go" can no longer kill us */
	for (round = 0; round < 2; round++) {
		sigwaitinfo(&go, NULL);
		settle();
		kill(1, SIGUSR2);
		settle();
		kill(1, SIGTERM);
	}
	return 0;
}
