/*
 * Isolation: a second task (m_evil) writes to the kernel and is killed by
 * SIGSEGV; init, sharing the CPU with it, goes on with its memory intact.
 */
/* modules: m_evil */
/* expect: status=0 */
/* expect-line: tick386: pid 2 (m_evil) killed by SIGSEGV at eip= */
/* expect-line: tick386: pid 2 (m_evil) killed signal=11 */
#include <sched.h>
#include <string.h>
#include <unistd.h>
#include "../tap.h"

static char canary[8192];

int main(void)
{
	int intact = 1;

	UTAP_PLAN(2);
	memset(canary, 0xA5, sizeof(canary));
	for (int i = 0; i < 50; i++)
		sched_yield(); /* m_evil runs, and dies */
	for (unsigned i = 0; i < sizeof(canary); i++)
		if ((unsigned char)canary[i] != 0xA5)
			intact = 0;
	UTAP_OK(intact, "init's memory is intact");
	UTAP_OK(getpid() == 1, "init still runs");
	return UTAP_DONE();
}
