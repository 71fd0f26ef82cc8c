/* Wait queues (see wait.h): a FIFO of sleeping tasks, linked through the tasks. */
#include "kernel/task/wait.h"
#include "arch/i386/cpu.h"
#include "kernel/task/task.h"

static void unlink(struct wait_queue *wq, struct task *t)
{
	struct task **pp = &wq->first, *prev = NULL;

	while (*pp && *pp != t) {
		prev = *pp;
		pp = &(*pp)->wq_next;
	}
	if (!*pp)
		return;
	*pp = t->wq_next;
	if (wq->last == t)
		wq->last = prev;
	t->wq_next = NULL;
	t->wq = NULL;
}

int wait_sleep(struct wait_queue *wq, enum ktimer_clock clock, u64 deadline_ns)
{
	struct task *t = current;
	u32 flags = irq_save();
	int rc;

	t->wq = wq;
	t->wq_next = NULL;
	if (wq->last)
		wq->last->wq_next = t;
	else
		wq->first = t;
	wq->last = t;
	rc = sched_sleep(clock, deadline_ns);
	unlink(wq, t);
	irq_restore(flags);
	return rc;
}

bool wait_wake_one(struct wait_queue *wq)
{
	u32 flags = irq_save();
	struct task *t = wq->first;

	/* Skip tasks already woken (they leave the queue when they run). */
	while (t && t->state != TASK_SLEEPING)
		t = t->wq_next;
	if (t)
		task_wake(t);
	irq_restore(flags);
	return t != NULL;
}

int wait_wake_all(struct wait_queue *wq)
{
	u32 flags = irq_save();
	int n = 0;

	for (struct task *t = wq->first; t; t = t->wq_next) {
		if (t->state == TASK_SLEEPING) {
			task_wake(t);
			n++;
		}
	}
	irq_restore(flags);
	return n;
}

bool wait_queue_empty(const struct wait_queue *wq)
{
	return wq->first == NULL;
}
