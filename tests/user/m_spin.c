/* Helper of t_preempt: spins forever in user mode, never entering the kernel. */
int main(void)
{
	for (;;)
		__asm__ volatile("" ::: "memory");
}
