/*
 * The scheduler: fixed priorities, round-robin inside a priority.
 *
 * Every runnable task except the running one waits in the run queue of its
 * priority (SCHED_PRIO_MIN..SCHED_PRIO_MAX, higher runs first).  The idle
 * task is in no queue: it runs when every queue is empty and halts the CPU.
 * A running task gives the CPU up when it sleeps, yields, exits, or - when
 * it is in user mode - when its time slice ends or a task of higher priority
 * wakes: the slice is a ktimer owned by the scheduler whose expiry sets
 * need_resched, and the switch happens on the way back to ring 3
 * (sched_return_to_user).  Kernel code is never preempted.
 */
#ifndef TICK386_KERNEL_SCHED_H
#define TICK386_KERNEL_SCHED_H

#include "lib/types.h"

#include "kernel/time/ktimer.h"
#include "lib/ktime.h"

#define SCHED_PRIO_MIN 0
#define SCHED_PRIO_MAX 31
#define SCHED_PRIO_DEFAULT 16
#define SCHED_SLICE_NS 10000000ull /* 10 ms */
/* A woken task takes the CPU from a task of its priority that has run this
 * long (Linux's wakeup granularity): see task_wake. */
#define SCHED_WAKEUP_GRAN_NS 1000000ull /* 1 ms */
/* How far under the others a task that slept may wake (Linux: half its 6 ms latency). */
#define SCHED_SLEEPER_CREDIT_NS 3000000ull
/* How far behind its creator a new task starts (Linux: START_DEBIT, a slice of its latency). */
#define SCHED_START_DEBIT_NS 3000000ull

/* Where a new task's vruntime starts: level with its creator (sched.c). */
u64 sched_new_vruntime(void);

struct task;
struct trap_frame;

/* The idle task and the time slice; the running task (kmain, task_init)
 * starts its first slice. */
void sched_init(void);

/* Put a runnable task (new or woken) at the tail of its run queue. */
void sched_enqueue(struct task *t);

/* Pick the next task and switch to it (the caller's state says whether it
 * stays runnable).  Call with interrupts off. */
void schedule(void);

/* Give the CPU to the next task of the same or higher priority. */
void sched_yield_now(void);

/*
 * The kernel switches only on the way back to ring 3 or in a sleep: a
 * system call that works long (a /proc text of 200,000 timers) calls this
 * between its steps, holding nothing, so that a slice that ended or a
 * task woken meanwhile gets the CPU (Linux's cond_resched).
 */
void sched_cond_resched(void);

/*
 * Sleep interruptibly until woken (task_wake), the deadline on `clock`
 * passes (KTIME_MAX = none), or a signal is pending and not blocked.
 * Returns 0 if woken, -ETIMEDOUT at the deadline, -EINTR for a signal (or
 * when the task is being killed).  To sleep for a condition without losing
 * a wake-up, test the condition with interrupts off and call sched_sleep
 * before turning them on: a wake-up cannot slip in between.
 */
int sched_sleep(enum ktimer_clock clock, u64 deadline_ns);
/* The task whose sleep's time-out kt is, or NULL (/proc/timer_list). */
struct task *sched_sleeper_of(const struct ktimer *kt);

/* The running task should give up the CPU at the next return to user mode. */
extern volatile bool sched_need_resched;

/* Whether any task other than the running one is waiting for the CPU. */
bool sched_has_runnable(void);

/*
 * Called by arch/i386/trap.c on every return to ring 3, with interrupts
 * off, after the handler: a task being killed ends, a reschedule happens if
 * one is due, then pending signals are delivered (signal_deliver).
 */
void sched_return_to_user(struct trap_frame *tf);

/* Context switches since boot (tests, statistics). */
u32 sched_switch_count(void);

#endif
