/*
 * The scheduler (see sched.h): run queues by priority, the context switch
 * with its bookkeeping (CPU time, TSS esp0, CR3, x87 state), sleeping and
 * waking, the time slice, and the way back to user mode.
 *
 * Everything here runs with interrupts off: on one CPU that is the lock.
 */
#include "kernel/task/sched.h"
#include "arch/i386/cpu.h"
#include "arch/i386/gdt.h"
#include "arch/i386/paging.h"
#include "kernel/panic.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include <abi/errno.h>
#include "kernel/time/clock.h"
#include "kernel/time/posix_timers.h"
#include "kernel/signal/signal.h"
#include "kernel/trace.h"

void switch_to(u32 *save_esp, u32 next_esp);

struct run_queue {
	struct task *head, *tail;
};

static struct run_queue queues[SCHED_PRIO_MAX + 1];
static u32 queued_mask; /* bit p: queue p is not empty */
static struct task *idle_task;
static u32 switches;
volatile bool sched_need_resched;

static struct ktimer slice_timer;

static u64 sched_now(void)
{
	return clock_monotonic_ns();
}

/*
 * The floor of the tasks' vruntime (struct task): it only rises, to the
 * vruntime of each task switched in.  A new task starts at it or at its
 * creator's, the higher (a task that wakes is placed by the tasks that
 * run beside it: least_vruntime).
 */
static u64 min_vruntime;

u64 sched_new_vruntime(void)
{
	u64 v = min_vruntime;

	/* the creator's, as it is now (CFS's task_fork_fair): a child starts
	 * level with its parent, not below it with the CPU its parent used */
	if (current && current != idle_task) {
		u64 cur = current->vruntime + (sched_now() - current->slice_start);

		if (cur > v)
			v = cur;
	}
	/* and a little behind (CFS's START_DEBIT): new tasks cannot take the
	 * CPU at once from tasks that already wait for it */
	return v + SCHED_START_DEBIT_NS;
}

static enum ktimer_restart slice_expired(struct ktimer *kt, u64 now)
{
	(void)kt;
	(void)now;
	sched_need_resched = true;
	return KTIMER_NORESTART;
}

/*
 * A slice runs only while another task of the same priority waits.  A task
 * that gets the CPU (`fresh`) gets at least half a slice: the timer is
 * re-armed only when less than that is left, so that tasks switching often
 * (yield, short sleeps) do not re-program the PIT at every switch.  A task
 * joining the queue of the running one starts a slice if none runs.
 */
static void slice_update(struct task *running, bool fresh, u64 now)
{
	if (running != idle_task && (queued_mask & (1u << running->prio))) {
		if (!ktimer_active(&slice_timer)) {
			ktimer_start(&slice_timer, (fresh ? now : sched_now()) + SCHED_SLICE_NS);
		} else if (fresh && ktimer_expires(&slice_timer) < now + SCHED_SLICE_NS / 2) {
			ktimer_start(&slice_timer, now + SCHED_SLICE_NS);
		}
	} else {
		ktimer_cancel(&slice_timer);
	}
}

/*
 * The least vruntime among the tasks that want the CPU beside t at its
 * priority: the running one (running_v, as of now) and those queued.  A few
 * tasks: one walk.
 */
static u64 least_vruntime(const struct task *t, u64 running_v)
{
	u64 least = running_v;

	for (struct task *q = queues[t->prio].head; q; q = q->rq_next)
		if (q != t && q->vruntime < least)
			least = q->vruntime;
	return least;
}

/*
 * Queue t behind the tasks of its priority, or, woken from a sleep, ahead
 * of them (`woken`): a task that slept has used less than its share, and a
 * timer's signal should reach it within a switch, not after the slices of
 * every task that spins beside it.  It then also takes the CPU from a
 * task of its priority: at once if it has used less CPU than that task by
 * more than SCHED_WAKEUP_GRAN_NS (their vruntimes, Linux's wakeup
 * preemption: a task that mostly sleeps beside tasks that compute), else
 * once that task has run SCHED_WAKEUP_GRAN_NS since it got the CPU, so
 * that a task always keeps the CPU a little while: tasks waking each other
 * cannot starve one that computes.
 */
static void enqueue(struct task *t, bool woken)
{
	struct run_queue *q;
	u32 flags;

	if (t == idle_task)
		return;
	flags = irq_save();
	if (!t->on_rq) {
		q = &queues[t->prio];
		if (woken) {
			t->rq_next = q->head;
			q->head = t;
			if (!q->tail)
				q->tail = t;
		} else {
			t->rq_next = NULL;
			if (q->tail)
				q->tail->rq_next = t;
			else
				q->head = t;
			q->tail = t;
		}
		t->on_rq = true;
		queued_mask |= 1u << t->prio;
		if (current && t->prio > current->prio)
			sched_need_resched = true;
		else if (current && current != idle_task && t != current &&
			 t->prio == current->prio) {
			u64 now = sched_now();
			u64 gran_end = current->slice_start + SCHED_WAKEUP_GRAN_NS;
			u64 running_v = current->vruntime + (now - current->slice_start);

			if (woken) {
				u64 least = least_vruntime(t, running_v);
				u64 floor = least > SCHED_SLEEPER_CREDIT_NS
						    ? least - SCHED_SLEEPER_CREDIT_NS
						    : 0;

				if (t->vruntime < floor)
					t->vruntime = floor;
			}
			/* Woken having used the CPU less than the running task by
			 * more than the granularity: at once (Linux's
			 * check_preempt_wakeup); else once the running task has had
			 * its granularity. */
			if (woken && (running_v > t->vruntime + SCHED_WAKEUP_GRAN_NS ||
				      now >= gran_end)) {
				sched_need_resched = true;
			} else {
				slice_update(current, false, 0);
				/* woken: the running task keeps the CPU only until
				 * its granularity is used, not to its slice's end */
				if (woken && ktimer_expires(&slice_timer) > gran_end)
					ktimer_start(&slice_timer, gran_end);
			}
		}
	}
	irq_restore(flags);
}

void sched_enqueue(struct task *t)
{
	enqueue(t, false);
}

static struct task *dequeue_best(void)
{
	struct run_queue *q;
	struct task *t;
	int p;

	if (!queued_mask)
		return NULL;
	p = 31 - __builtin_clz(queued_mask);
	q = &queues[p];
	t = q->head;
	q->head = t->rq_next;
	if (!q->head) {
		q->tail = NULL;
		queued_mask &= ~(1u << p);
	}
	t->rq_next = NULL;
	t->on_rq = false;
	return t;
}

bool sched_has_runnable(void)
{
	return queued_mask != 0;
}

u32 sched_switch_count(void)
{
	return switches;
}

static void switch_tasks(struct task *prev, struct task *next, u64 now)
{
	posix_cputimers_switch(prev, next); /* prev's CPU-time timers stop, next's run */
	prev->cpu_ns += now - prev->slice_start;
	prev->vruntime += now - prev->slice_start;
	if (next != idle_task && next->vruntime > min_vruntime)
		min_vruntime = next->vruntime;
	next->slice_start = now;
	current = next;
	switches++;
	tss_set_kernel_stack(next->kstack + TASK_KSTACK_SIZE);
	paging_activate(next->user ? next->leader->vm.pd_phys : paging_kernel_pd_phys());
	thread_load_tls(next);
	/* The x87 registers belong to the task: the kernel itself never uses them. */
	__asm__ volatile("fnsave %0" : "=m"(prev->fpu));
	__asm__ volatile("frstor %0" : : "m"(next->fpu));
	switch_to(&prev->kesp, next->kesp);
}

void schedule(void)
{
	struct task *prev = current, *next;
	u32 flags = irq_save();

	if (prev->state == TASK_RUNNABLE)
		sched_enqueue(prev);
	next = dequeue_best();
	if (!next)
		next = idle_task;
	sched_need_resched = false;
	if (next != prev) {
		u64 now = sched_now();

		slice_update(next, true, now);
		switch_tasks(prev, next, now);
	} else {
		slice_update(next, false, 0);
	}
	irq_restore(flags);
}

void sched_yield_now(void)
{
	schedule();
}

void sched_cond_resched(void)
{
	if (sched_need_resched)
		schedule();
}

void task_wake(struct task *t)
{
	u32 flags = irq_save();

	if (t->state == TASK_SLEEPING) {
		t->state = TASK_RUNNABLE;
		t->wake_reason = TASK_WAKE_WOKEN;
		if (t != current) /* woken before it got to switch away */
			enqueue(t, true);
	}
	irq_restore(flags);
}

static enum ktimer_restart sleep_timeout(struct ktimer *kt, u64 now)
{
	struct task *t = container_of(kt, struct task, sleep_timer);

	(void)now;
	if (t->state == TASK_SLEEPING) {
		trace_event(TRACE_WAKE, t->pid, -1, ktimer_expires(kt), 0);
		task_wake(t);
		t->wake_reason = TASK_WAKE_TIMEOUT;
	}
	return KTIMER_NORESTART;
}

struct task *sched_sleeper_of(const struct ktimer *kt)
{
	return kt->fn == sleep_timeout ? container_of(kt, struct task, sleep_timer) : NULL;
}

/*
 * How often a killed task may ask to sleep (each answered -EINTR at once)
 * before sched_sleep calls its caller's loop broken: a wait loop that does
 * not end for fatal_signal_pending (task.h) would spin here forever.  A
 * correct path sleeps at most once or twice more on its way out.
 */
#define SCHED_KILLED_SLEEPS_MAX 64

int sched_sleep(enum ktimer_clock clock, u64 deadline_ns)
{
	struct task *t = current;
	enum task_wake_reason reason;
	u32 flags = irq_save();

	BUG_ON(t == idle_task);
	if (fatal_signal_pending(t) || signal_pending(t)) {
		if (fatal_signal_pending(t) && ++t->killed_sleeps > SCHED_KILLED_SLEEPS_MAX)
			panic("pid %d (%s) loops on sleeps a fatal signal ends at once: its wait "
			      "loop must end for fatal_signal_pending",
			      t->pid, t->name);
		irq_restore(flags);
		return -EINTR;
	}
	t->state = TASK_SLEEPING;
	t->wake_reason = TASK_WAKE_NONE;
	if (deadline_ns != KTIME_MAX) {
		ktimer_init(&t->sleep_timer, clock, sleep_timeout);
		ktimer_start(&t->sleep_timer, deadline_ns);
	}
	schedule();
	if (deadline_ns != KTIME_MAX)
		ktimer_cancel(&t->sleep_timer);
	reason = t->wake_reason;
	irq_restore(flags);
	if (reason == TASK_WAKE_TIMEOUT)
		return -ETIMEDOUT;
	if (fatal_signal_pending(t) || signal_pending(t))
		return -EINTR;
	return 0;
}

/*
 * The idle task: whenever nothing else can run.  `sti; hlt` as one step
 * (cpu_sti_hlt): an interrupt that makes a task runnable cannot slip in
 * between the test and the halt and leave the CPU asleep.
 */
static int idle_main(void *arg)
{
	(void)arg;
	for (;;) {
		cpu_cli();
		if (sched_has_runnable()) {
			schedule();
			cpu_sti();
		} else {
			cpu_sti_hlt();
		}
	}
	return 0;
}

void sched_init(void)
{
	BUG_ON(!current); /* task_init made the boot context a task */
	current->slice_start = sched_now();
	idle_task = task_alloc_idle(idle_main);
	BUG_ON(!idle_task);
	ktimer_init(&slice_timer, KTIMER_MONOTONIC, slice_expired);
}

struct task *sched_idle_task(void)
{
	return idle_task;
}

/*
 * Every return to ring 3 passes here with interrupts off: a task being
 * killed ends, a task whose slice is over (or that a more important task
 * woke against) gives up the CPU, then its pending signals are delivered.
 */
void sched_return_to_user(struct trap_frame *tf)
{
	current->user_frame = tf;
	for (;;) {
		task_check_killed();
		if (!sched_need_resched)
			break;
		schedule();
	}
	signal_deliver(tf);
	task_check_killed();
}
