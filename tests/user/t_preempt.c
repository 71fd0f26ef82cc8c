/*
 * Preemption: m_spin loops forever without a system call.  Init yields to
 * it and still gets the CPU back when m_spin's time slice ends, and its
 * own busy work finishes although m_spin never gives the CPU up.
 */
/* requires: kernel/time/ktimer.h */
/* modules: m_spin */
/* expect: status=0 */
#include <sched.h>
#include <time.h>
#include "../tap.h"

int main(void)
{
	struct timespec a, b;
	volatile unsigned long n = 0;

	UTAP_PLAN(2);
	sched_yield(); /* m_spin takes the CPU; only its slice ending brings us back */
	UTAP_OK(1, "back from m_spin");
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (unsigned long i = 0; i < 20000000; i++)
		n += i;
	clock_gettime(CLOCK_MONOTONIC, &b);
	UTAP_OK(n != 0, "busy work done while m_spin spins (%ld ms)",
		(long)((b.tv_sec - a.tv_sec) * 1000 + (b.tv_nsec - a.tv_nsec) / 1000000));
	return UTAP_DONE();
}
