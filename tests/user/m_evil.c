/* Helper of t_isolation: scribbles over its own memory, then writes to the kernel. */
#include <sched.h>
#include <string.h>

static char mine[8192];

int main(void)
{
	memset(mine, 0x11, sizeof(mine));
	sched_yield();
	*(volatile int *)0xC0100000 = 42; /* SIGSEGV */
	return 0;
}
