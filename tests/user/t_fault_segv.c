/* A user fault ends init with the signal Linux sends for it. */
/* expect: killed=11 */
/* expect-line: tick386: pid 1 (t_fault_segv) killed by */
/* parallel: yes */
#include <stdio.h>

int main(void)
{
	printf("# faulting now\n");
	fflush(stdout);
	*(volatile int *)0xC0000000 = 1;
	printf("# still here\n");
	return 0;
}
