/*
 * SIGKILL ends a task blocked in a wait: m_pauser sleeps in pause(); init
 * kills it, and it is gone (kill(pid, 0) is ESRCH) with wait status SIGKILL.
 */
/* requires: kernel/signal/signal.c */
/* modules: m_pauser */
/* expect: status=0 */
/* expect-line: tick386: pid 2 (m_pauser) killed signal=9 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include "../tap.h"

int main(void)
{
	int i;

	UTAP_PLAN(3);
	for (i = 0; i < 10; i++)
		sched_yield(); /* m_pauser reaches pause() */
	UTAP_OK(kill(2, 0) == 0, "m_pauser is alive");
	UTAP_OK(kill(2, SIGKILL) == 0, "kill(2, SIGKILL)");
	for (i = 0; i < 10 && kill(2, 0) == 0; i++)
		sched_yield();
	UTAP_OK(kill(2, 0) == -1 && errno == ESRCH, "m_pauser is gone");
	return UTAP_DONE();
}
