/* Helper of t_pause: once init sleeps, an ignored signal, then SIGUSR1. */
#include <sched.h>
#include <signal.h>

int main(void)
{
	for (int i = 0; i < 5; i++)
		sched_yield();
	kill(1, SIGCHLD);
	for (int i = 0; i < 5; i++)
		sched_yield();
	kill(1, SIGUSR1);
	return 0;
}
