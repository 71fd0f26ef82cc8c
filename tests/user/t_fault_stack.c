/* Endless recursion: the stack grows to its 8 MiB limit, then SIGSEGV. */
/* expect: killed=11 */
/* expect-line: tick386: pid 1 (t_fault_stack) killed by SIGSEGV */
/* parallel: yes */
#include <stdio.h>

static int down(int n)
{
	volatile char frame[1024];

	frame[0] = (char)n;
	return down(n + 1) + frame[0];
}

int main(void)
{
	printf("# recursing\n");
	fflush(stdout);
	return down(0);
}
