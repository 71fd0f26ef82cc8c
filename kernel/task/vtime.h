/*
 * The split of a task's CPU time into user and system time, exact at each
 * crossing of the ring 3 boundary (Linux's VIRT_CPU_ACCOUNTING_GEN idea):
 * each return to ring 3 stamps the time (clock_stamp, a TSC read), each
 * entry from ring 3 (int 0x80, an interrupt or exception taken in ring 3)
 * adds the stretch since to the task's user time.  A task is switched only
 * in the kernel, so a stretch in ring 3 lies inside one of its slices:
 * user time <= cpu_ns (the slices, kernel/task/sched.c), and system time is
 * the rest, cpu_ns - user time, so the two add up to the CPU-time clocks
 * exactly.  A new task's first return (task_user_entry, switch.asm) stamps
 * too.  The reading side: task_utime_ns (task.c), process_times.c.
 */
#ifndef TICK386_KERNEL_TASK_VTIME_H
#define TICK386_KERNEL_TASK_VTIME_H

#include "kernel/task/task.h"
#include "kernel/time/clock.h"

/* On the way back to ring 3, interrupts off: the last thing before iret. */
static inline void vtime_user_enter(struct task *t)
{
	t->user_stamp = clock_stamp();
}

/* At an entry from ring 3, before anything reads the task's times. */
static inline void vtime_user_exit(struct task *t)
{
	t->user_stamps += clock_stamp() - t->user_stamp;
}

#endif
