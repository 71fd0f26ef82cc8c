/* A user fault ends init with the signal Linux sends for it. */
/* expect: killed=8 */
/* expect-line: tick386: pid 1 (t_fault_fpe) killed by */
/* parallel: yes */
#include <stdio.h>

int main(void)
{
	printf("# faulting now\n");
	fflush(stdout);
	__asm__ volatile("xorl %%ecx, %%ecx; divl %%ecx" : : : "eax", "ecx", "edx");
	printf("# still here\n");
	return 0;
}
