/* A user fault ends init with the signal Linux sends for it. */
/* expect: killed=4 */
/* expect-line: tick386: pid 1 (t_fault_ill) killed by */
/* parallel: yes */
#include <stdio.h>

int main(void)
{
	printf("# faulting now\n");
	fflush(stdout);
	__asm__ volatile("ud2");
	printf("# still here\n");
	return 0;
}
