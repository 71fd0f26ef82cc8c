/*
 * Timers on the CPU-time clocks (CLOCK_PROCESS_CPUTIME_ID and
 * CLOCK_THREAD_CPUTIME_ID: one task is one process here, so both count the
 * same nanoseconds; and a negative id, another process's CPU time: the
 * timer then sits in that process's queue and signals its creator).
 *
 * A task's CPU time only advances while it runs, and while it runs it
 * advances as fast as the monotonic clock.  So each task keeps its armed
 * CPU-time timers in a timer queue of its own, ordered by CPU nanoseconds,
 * and owns one ktimer: when the task is switched in, that ktimer is armed at
 * now + (earliest expiry - CPU time used); when it is switched out, it is
 * cancelled.  A switch costs O(1) (the queue's earliest is cached) however
 * many CPU-time timers the task has.
 */
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/itimer.h"
#include "kernel/time/posix_timer_impl.h"
#include "kernel/time/posix_timers.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "lib/compiler.h"

/*
 * ctx is the task whose queue it is.  Its queue holds its POSIX CPU-time
 * timers and, beside them, its ITIMER_VIRTUAL and ITIMER_PROF
 * (kernel/time/itimer.c), which re-arm here, at their expiry, as Linux's.
 */
static void cputimer_expire_one(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	u64 next;

	if (itimer_cpu_expired(ctx, node, now, &next)) {
		if (next)
			timerq_arm(q, node, next);
		return;
	}
	/* periodic POSIX timers re-arm when their signal is delivered */
	posix_timer_expired(container_of(node, struct posix_timer, cpu_node));
}

/* Arm t's ktimer for its earliest CPU-time expiry if t is running. */
static void cputimers_program(struct task *t, bool running)
{
	struct posix_timers_task *pt = &t->posix_timers;
	u64 used, first;

	ktimer_cancel(&pt->cpu_ktimer);
	if (!running || !timerq_count(&pt->cpu_queue))
		return;
	first = timerq_next_deadline(&pt->cpu_queue);
	used = task_cpu_ns(t);
	ktimer_start(&pt->cpu_ktimer,
		     ktime_add_sat(clock_monotonic_ns(), ktime_sub_floor(first, used)));
}

static enum ktimer_restart cputimers_ktimer_fn(struct ktimer *kt, u64 now)
{
	struct task *t = container_of(kt, struct task, posix_timers.cpu_ktimer);
	struct timerq *q = &t->posix_timers.cpu_queue;
	u64 used = task_cpu_ns(t);

	timerq_expire(q, used, cputimer_expire_one, t);
	if (t != current || !timerq_count(q))
		return KTIMER_NORESTART;
	ktimer_start(kt, ktime_add_sat(now, ktime_sub_floor(timerq_next_deadline(q), used)));
	return KTIMER_RESTART;
}

void posix_cputimers_task_init(struct task *t)
{
	list_init(&t->posix_timers.cpu_timers);
	timerq_init(&t->posix_timers.cpu_queue);
	ktimer_init(&t->posix_timers.cpu_ktimer, KTIMER_MONOTONIC, cputimers_ktimer_fn);
}

void posix_cputimer_arm(struct posix_timer *pt)
{
	struct task *t = pt->cpu_task;

	timerq_arm(&t->posix_timers.cpu_queue, &pt->cpu_node, pt->expires_ns);
	cputimers_program(t, t == current);
}

void posix_cputimer_disarm(struct posix_timer *pt)
{
	struct task *t = pt->cpu_task;

	if (t && timerq_disarm(&t->posix_timers.cpu_queue, &pt->cpu_node))
		cputimers_program(t, t == current);
}

void posix_cputimers_arm_node(struct task *t, struct timerq_node *node, u64 cpu_ns)
{
	timerq_arm(&t->posix_timers.cpu_queue, node, cpu_ns);
	cputimers_program(t, t == current);
}

void posix_cputimers_disarm_node(struct task *t, struct timerq_node *node)
{
	if (timerq_disarm(&t->posix_timers.cpu_queue, node))
		cputimers_program(t, t == current);
}

void posix_cputimers_task_exit(struct task *t)
{
	u32 flags = irq_save();

	while (!list_empty(&t->posix_timers.cpu_timers)) {
		struct posix_timer *pt = list_first_entry(&t->posix_timers.cpu_timers,
							  struct posix_timer, cpu_link);

		posix_cputimer_disarm(pt);
		list_del_init(&pt->cpu_link);
		pt->cpu_task = NULL;
		pt->armed = false;
	}
	ktimer_cancel(&t->posix_timers.cpu_ktimer);
	irq_restore(flags);
}

/*
 * Called by the scheduler (interrupts off) as `current` changes from prev
 * to next: prev's CPU time stops, next's starts.
 */
void posix_cputimers_switch(struct task *prev, struct task *next)
{
	ktimer_cancel(&prev->posix_timers.cpu_ktimer);
	cputimers_program(next, true); /* next's CPU time starts now */
}
