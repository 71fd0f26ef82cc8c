/*
 * Wait queues: the tasks sleeping until some event.  A sleeping call puts
 * the current task on a queue and sleeps (sched_sleep); whoever makes the
 * event happen wakes one task or all.  A task is on at most one queue; it
 * removes itself when it wakes, whatever woke it (the event, its deadline,
 * a signal), so waking never races with leaving.
 *
 * Lifetime: a queue must outlive its sleepers.  It is static (the tty's,
 * poll's, the children's), or lives inside an object the sleeping call
 * holds a reference on (a timerfd's: sys_read holds its file, fs/file.h).
 * The tasks on it are not referenced: a sleeping task is never freed, and
 * it unlinks itself before wait_sleep returns.
 */
#ifndef TICK386_KERNEL_WAIT_H
#define TICK386_KERNEL_WAIT_H

#include "kernel/task/sched.h"
#include "lib/types.h"

struct wait_queue {
	struct task *first, *last;
};

#define WAIT_QUEUE_INIT                                                                            \
	{                                                                                          \
		NULL, NULL                                                                         \
	}

static inline void wait_queue_init(struct wait_queue *wq)
{
	wq->first = wq->last = NULL;
}

/*
 * Sleep on wq as sched_sleep does (0 woken, -ETIMEDOUT, -EINTR).  As with
 * sched_sleep, the caller checks its condition with interrupts off first.
 */
int wait_sleep(struct wait_queue *wq, enum ktimer_clock clock, u64 deadline_ns);

/* Wake the first sleeper (true if there was one) / every sleeper (how many). IRQ-safe. */
bool wait_wake_one(struct wait_queue *wq);
int wait_wake_all(struct wait_queue *wq);

bool wait_queue_empty(const struct wait_queue *wq);

#endif
