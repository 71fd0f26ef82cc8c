/*
 * Timers on the CPU-time clocks: a thread's (CLOCK_THREAD_CPUTIME_ID,
 * pthread_getcpuclockid) and a process's (CLOCK_PROCESS_CPUTIME_ID, the
 * sum of its threads'; a negative id names another process's, and the
 * timer then sits in that process's queue and signals its creator).
 *
 * A clock of CPU time only advances while its thread (or a thread of its
 * process) runs, and then as fast as the monotonic clock: there is one CPU.
 * So each clock keeps its armed timers in a timer queue of its own
 * (struct cpu_timer_base), ordered by CPU nanoseconds, with one ktimer:
 * when the clock starts running (its thread, or the first thread of its
 * process, is switched in) that ktimer is armed at now + (earliest expiry -
 * CPU time used); when it stops, it is cancelled.  A switch costs O(1) (the
 * queue's earliest is cached) however many CPU-time timers there are.
 */
#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/itimer.h"
#include "kernel/time/posix_timer_impl.h"
#include "kernel/time/posix_timers.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "lib/compiler.h"

struct cpu_timer_base *posix_cputimer_base(struct task *t, bool thread)
{
	return thread ? &t->posix_timers.thread_cpu : &t->leader->posix_timers.process_cpu;
}

u64 posix_cpu_clock_ns(struct task *t, bool thread)
{
	return thread ? task_cpu_ns(t) : task_process_cpu_ns(t);
}

static u64 base_now(struct cpu_timer_base *b)
{
	return posix_cpu_clock_ns(b->task, b->thread);
}

/* Whether b's clock advances now: its thread, or a thread of its process, runs. */
static bool base_running(struct cpu_timer_base *b)
{
	return b->thread ? b->task == current : b->task == current->leader;
}

/*
 * ctx is the base.  A process's queue holds its POSIX CPU-time timers
 * and, beside them, its ITIMER_VIRTUAL and ITIMER_PROF
 * (kernel/time/itimer.c), which re-arm here, at their expiry, as Linux's.
 */
static void cputimer_expire_one(struct timerq *q, struct timerq_node *node, ktime_t now, void *ctx)
{
	struct cpu_timer_base *b = ctx;
	u64 next;

	if (!b->thread && itimer_cpu_expired(b->task, node, now, &next)) {
		if (next)
			timerq_arm(q, node, next);
		return;
	}
	/* periodic POSIX timers re-arm when their signal is delivered */
	posix_timer_expired(container_of(node, struct posix_timer, cpu_node));
}

/*
 * b's clock stops (it is still read up to now).  Its ktimer goes, unless
 * the clock has passed an expiry whose interrupt was held off until after
 * the switch (pause, sigwaitinfo... switch with interrupts off) or would
 * come later (the ktimer is armed a little late, from a later reading of
 * the monotonic clock): then it fires at the next interrupt, by the
 * clock's value, now standing.  Cancelled, the expiry would wait until
 * the clock runs again, for ever if it never does.  Inline, as
 * cputimers_program: with no CPU-time timer it is a load and the cancel.
 */
static inline __attribute__((always_inline)) void cputimers_stop(struct cpu_timer_base *b)
{
	if (timerq_count(&b->queue) && timerq_next_deadline(&b->queue) <= base_now(b))
		ktimer_start(&b->ktimer, clock_monotonic_ns());
	else
		ktimer_cancel(&b->ktimer);
}

/*
 * Arm b's ktimer for its earliest expiry if its clock runs.  If it stands
 * (a timer armed or disarmed on the clock of a task that is not running),
 * as cputimers_stop: an expiry it has reached already fires at the next
 * interrupt, as Linux fires a CPU-time timer it finds expired when set;
 * waiting for the clock to run again would lose it for a task that never
 * does, and one ahead of the clock waits for the switch that starts it.
 * Inline: at every switch, twice, it mostly finds nothing armed and no
 * timer queued (a call each was 22 instructions, make profile-path).
 */
static inline __attribute__((always_inline)) void cputimers_program(struct cpu_timer_base *b,
								    bool running)
{
	u64 used, first;

	if (!running) {
		cputimers_stop(b);
		return;
	}
	ktimer_cancel(&b->ktimer);
	if (!timerq_count(&b->queue))
		return;
	first = timerq_next_deadline(&b->queue);
	used = base_now(b);
	ktimer_start(&b->ktimer, ktime_add_sat(clock_monotonic_ns(), ktime_sub_floor(first, used)));
}

static enum ktimer_restart cputimers_ktimer_fn(struct ktimer *kt, u64 now)
{
	struct cpu_timer_base *b = container_of(kt, struct cpu_timer_base, ktimer);
	struct timerq *q = &b->queue;
	u64 used = base_now(b);

	timerq_expire(q, used, cputimer_expire_one, b);
	if (!base_running(b) || !timerq_count(q))
		return KTIMER_NORESTART;
	ktimer_start(kt, ktime_add_sat(now, ktime_sub_floor(timerq_next_deadline(q), used)));
	return KTIMER_RESTART;
}

static void base_init(struct cpu_timer_base *b, struct task *t, bool thread)
{
	list_init(&b->timers);
	timerq_init(&b->queue);
	ktimer_init(&b->ktimer, KTIMER_MONOTONIC, cputimers_ktimer_fn);
	b->task = t;
	b->thread = thread;
}

void posix_cputimers_task_init(struct task *t)
{
	base_init(&t->posix_timers.thread_cpu, t, true);
	base_init(&t->posix_timers.process_cpu, t, false);
}

static struct cpu_timer_base *timer_base(struct posix_timer *pt)
{
	return posix_cputimer_base(pt->cpu_task, pt->cpu_thread);
}

void posix_cputimer_arm(struct posix_timer *pt)
{
	struct cpu_timer_base *b = timer_base(pt);

	timerq_arm(&b->queue, &pt->cpu_node, pt->expires_ns);
	cputimers_program(b, base_running(b));
}

void posix_cputimer_disarm(struct posix_timer *pt)
{
	struct cpu_timer_base *b;

	if (!pt->cpu_task)
		return;
	b = timer_base(pt);
	if (timerq_disarm(&b->queue, &pt->cpu_node))
		cputimers_program(b, base_running(b));
}

void posix_cputimers_arm_node(struct task *t, struct timerq_node *node, u64 cpu_ns)
{
	struct cpu_timer_base *b = posix_cputimer_base(t, false);

	timerq_arm(&b->queue, node, cpu_ns);
	cputimers_program(b, base_running(b));
}

void posix_cputimers_disarm_node(struct task *t, struct timerq_node *node)
{
	struct cpu_timer_base *b = posix_cputimer_base(t, false);

	if (timerq_disarm(&b->queue, node))
		cputimers_program(b, base_running(b));
}

/* b's clock is gone: its timers stop for good (interrupts off). */
static void base_exit(struct cpu_timer_base *b)
{
	while (!list_empty(&b->timers)) {
		struct posix_timer *pt = list_first_entry(&b->timers, struct posix_timer, cpu_link);

		posix_cputimer_disarm(pt);
		list_del_init(&pt->cpu_link);
		pt->cpu_task = NULL;
		pt->armed = false;
	}
	ktimer_cancel(&b->ktimer);
}

void posix_cputimers_process_exit(struct task *leader)
{
	u32 flags = irq_save();

	base_exit(&leader->posix_timers.process_cpu);
	irq_restore(flags);
}

void posix_cputimers_thread_exit(struct task *t)
{
	u32 flags = irq_save();

	base_exit(&t->posix_timers.thread_cpu);
	irq_restore(flags);
}

/*
 * Called by the scheduler (interrupts off) as `current` changes from prev
 * to next (current is still prev): prev's CPU time stops, next's starts;
 * so do their processes' if they are two.
 */
void posix_cputimers_switch(struct task *prev, struct task *next)
{
	cputimers_stop(&prev->posix_timers.thread_cpu);
	cputimers_program(&next->posix_timers.thread_cpu, true);
	if (prev->leader != next->leader) {
		cputimers_stop(&prev->leader->posix_timers.process_cpu);
		cputimers_program(&next->leader->posix_timers.process_cpu, true);
	}
}
