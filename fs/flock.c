/*
 * flock(2): BSD whole-file locks, as Linux's (fs/locks.c).
 *
 * A lock belongs to an open file description (struct file) and sits on
 * what the file is: its node (a tmpfs file, a FIFO, the tree's), else its
 * private object (an anonymous pipe: both ends share it), else the file.
 * Shared locks go together, an exclusive one goes alone.  A description
 * holds at most one lock per object: asking for the other kind converts,
 * as Linux, by dropping the old lock first (waking its waiters) and then
 * asking for the new one (so a LOCK_NB conversion that fails has lost
 * its lock).  LOCK_NB: -EWOULDBLOCK; otherwise the caller sleeps until no
 * lock conflicts, and a signal ends the sleep with -ERESTARTSYS (EINTR, or
 * a restart under SA_RESTART).  LOCK_UN drops the lock (none: still 0).
 * The last file_put of the description (its last close, the exit of the
 * last process holding it) drops its lock: flock_release.
 *
 * Checks in Linux's order: LOCK_MAND (32) ignored (0, as Linux 5.19+);
 * an operation other than one of LOCK_SH, LOCK_EX, LOCK_UN (with LOCK_NB)
 * -EINVAL; then the descriptor, -EBADF.
 *
 * One list for every lock and one wait queue for every waiter: a release
 * wakes them all, each looks again (tick386 has one CPU and few locks).
 * Differences: Linux's anonymous-inode files (eventfd, timerfd, epoll,
 * signalfd) all share one inode, so their locks conflict there; here each
 * such file is its own object.  The console (fds 0-2 at boot) is never
 * released, so a lock on it lasts until LOCK_UN.
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/syscalls.h"
#include "kernel/task/wait.h"
#include "kernel/time/ktimer.h"
#include "lib/ktime.h"
#include "mm/kheap.h"
#include <abi/errno.h>

#define LOCK_SH	  1
#define LOCK_EX	  2
#define LOCK_NB	  4
#define LOCK_UN	  8
#define LOCK_MAND 32

struct flock_entry {
	const void *object;
	const struct file *file;
	bool exclusive;
	struct flock_entry *next;
};

static struct flock_entry *flocks;
static struct wait_queue flock_wait = WAIT_QUEUE_INIT;

static const void *lock_object(const struct file *f)
{
	if (f->node)
		return f->node;
	return f->private_data ? f->private_data : (const void *)f;
}

/* Unlink f's entry on obj (interrupts off): it, or NULL. */
static struct flock_entry *take_entry(const struct file *f, const void *obj)
{
	for (struct flock_entry **pp = &flocks; *pp; pp = &(*pp)->next) {
		struct flock_entry *e = *pp;

		if (e->file == f && e->object == obj) {
			*pp = e->next;
			return e;
		}
	}
	return NULL;
}

static bool conflicts(const struct file *f, const void *obj, bool exclusive)
{
	for (const struct flock_entry *e = flocks; e; e = e->next)
		if (e->object == obj && e->file != f && (exclusive || e->exclusive))
			return true;
	return false;
}

void flock_release(struct file *f)
{
	struct flock_entry *e;
	u32 irq;

	if (!flocks) /* the common case: no lock anywhere */
		return;
	irq = irq_save();
	e = take_entry(f, lock_object(f));
	if (e)
		wait_wake_all(&flock_wait);
	irq_restore(irq);
	kfree(e);
}

static long do_flock(struct file *f, u32 op, bool nonblock)
{
	const void *obj = lock_object(f);
	bool exclusive = op == LOCK_EX;
	struct flock_entry *e, *fresh = NULL;
	long rc = 0;
	u32 irq;

	if (op != LOCK_UN) {
		fresh = kmalloc(sizeof(*fresh));
		if (!fresh)
			return -ENOMEM;
	}
	irq = irq_save();
	e = take_entry(f, obj);
	if (e && op != LOCK_UN && e->exclusive == exclusive) {
		e->next = flocks; /* the same lock: kept, nothing to do */
		flocks = e;
		e = NULL;
		goto out;
	}
	if (e)
		wait_wake_all(&flock_wait); /* dropped, or converting */
	if (op == LOCK_UN)
		goto out;
	while (conflicts(f, obj, exclusive)) {
		if (nonblock) {
			rc = -EWOULDBLOCK;
			goto out;
		}
		if (wait_sleep(&flock_wait, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR) {
			rc = -ERESTARTSYS;
			goto out;
		}
	}
	fresh->object = obj;
	fresh->file = f;
	fresh->exclusive = exclusive;
	fresh->next = flocks;
	flocks = fresh;
	fresh = NULL;
out:
	irq_restore(irq);
	kfree(e);
	kfree(fresh);
	return rc;
}

long sys_flock(int fd, u32 cmd)
{
	u32 op = cmd & ~(u32)LOCK_NB;
	struct file *f;
	long rc;

	if (cmd & LOCK_MAND)
		return 0;
	if (op != LOCK_SH && op != LOCK_EX && op != LOCK_UN)
		return -EINVAL;
	f = fd_get(fd);
	if (!f)
		return -EBADF;
	rc = do_flock(f, op, cmd & LOCK_NB);
	file_put(f);
	return rc;
}
