/*
 * futex: FUTEX_WAIT (a relative timeout on CLOCK_MONOTONIC) and
 * FUTEX_WAIT_BITSET (an absolute one, on CLOCK_MONOTONIC or CLOCK_REALTIME),
 * FUTEX_WAKE and FUTEX_WAKE_BITSET, with Linux's errors in Linux's order
 * (kernel/futex/syscalls.c, waitwake.c).  A shared futex (no
 * FUTEX_PRIVATE_FLAG) in a MAP_SHARED page is keyed by the page's object,
 * so that waits and wakes of several processes meet (struct futex_key).
 *
 * A waiter is a struct futex_waiter on its own kernel stack, on one list of
 * all waiters; there are few (a thread waits on one futex at a time), so a
 * walk is cheap, and a wake-up never allocates.  One CPU and interrupts off
 * make "compare the word, then sleep" atomic against every waker: no other
 * thread runs between the read and the sleep, so no wake-up is lost.
 */
#include "kernel/task/futex.h"
#include "arch/i386/cpu.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/time_user.h"
#include "lib/ktime.h"
#include "lib/list.h"
#include "mm/mmap.h"
#include "mm/shmem.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/time.h>

/*
 * The key of a futex (Linux's union futex_key): what two calls must name
 * to meet.  A private futex, and a shared one in private memory, is the
 * process and the address (obj = the leader, offset = uaddr); a shared
 * futex in a shared mapping is the mapping's object and the byte offset
 * in it (obj = the struct shmem), so that processes mapping the same
 * object at different addresses meet.  The two kinds of obj are distinct
 * heap objects, so their keys never compare equal.
 */
struct futex_key {
	void *obj;
	u64 offset;
	struct shmem *shared; /* obj when it is an object: a reference, or NULL */
};

/*
 * Lifetime: the waiter lives on its task's kernel stack and is on the list
 * only while futex_wait_until runs (a waker unlinks it, or it unlinks
 * itself).  A process key names the sleeper's own process and an address
 * in its memory: the process lives while one of its threads does (the
 * sleeper), and its address space is replaced only by execve, which first
 * ends every other thread (task_exec_end_other_threads), so no key can
 * outlive what it names.  An object key holds a reference on the object
 * while the waiter sleeps (munmap of the page by another thread cannot free
 * it and let a new object take its address).  A kill ends the sleep (-EINTR).
 */
struct futex_waiter {
	struct list_head node;
	struct futex_key key;
	u32 bitset;
	struct task *task;
	bool woken;
};

static struct list_head waiters = {&waiters, &waiters};

/* The key of uaddr in the current process (a reference to drop with
 * key_put when it is an object's). */
static void key_get(struct futex_key *k, u32 uaddr, bool private)
{
	k->shared = NULL;
	if (!private && mmap_futex_key(&current->leader->vm, uaddr, &k->shared, &k->offset)) {
		k->obj = k->shared;
		return;
	}
	k->obj = current->leader;
	k->offset = uaddr;
}

static void key_put(struct futex_key *k)
{
	if (k->shared)
		shmem_put(k->shared);
}

static int wake(const struct futex_key *k, int n, u32 bitset)
{
	struct futex_waiter *w, *tmp;
	u32 flags = irq_save();
	int woken = 0;

	list_for_each_entry_safe(w, tmp, &waiters, node) {
		if (w->key.obj != k->obj || w->key.offset != k->offset || !(w->bitset & bitset))
			continue;
		list_del_init(&w->node);
		w->woken = true;
		task_wake(w->task);
		if (++woken >= n) /* as Linux: a count of 0 or less still wakes one */
			break;
	}
	irq_restore(flags);
	return woken;
}

int futex_wake_key(struct task *leader, u32 uaddr, int n, u32 bitset)
{
	const struct futex_key k = {.obj = leader, .offset = uaddr};

	return wake(&k, n, bitset);
}

/*
 * Sleep while *uaddr == val, until woken, the deadline (absolute on clock;
 * KTIME_MAX: none) or a signal.  0 when woken, -EAGAIN when the word
 * differs, -EFAULT, -ETIMEDOUT, -EINTR.
 */
static long futex_wait_until(u32 uaddr, u32 val, u32 bitset, bool private,
			     enum ktimer_clock clock, u64 deadline)
{
	struct futex_waiter w = {.bitset = bitset, .task = current};
	u32 flags, cur;
	long rc;

	flags = irq_save();
	if (copy_from_user(&cur, (const void __user *)uaddr, sizeof(cur))) {
		irq_restore(flags);
		return -EFAULT;
	}
	if (cur != val) {
		irq_restore(flags);
		return -EAGAIN;
	}
	key_get(&w.key, uaddr, private);
	list_add_tail(&w.node, &waiters);
	for (;;) {
		rc = sched_sleep(clock, deadline);
		if (w.woken) {
			rc = 0;
			break;
		}
		if (rc == -ETIMEDOUT || rc == -EINTR)
			break;
	}
	if (!w.woken)
		list_del(&w.node);
	irq_restore(flags);
	key_put(&w.key);
	return rc;
}

/* After a stop and continue: wait on with the same absolute deadline. */
static long futex_wait_restart(struct restart_block *rb)
{
	long rc = futex_wait_until(rb->futex_uaddr, rb->futex_val, rb->futex_bitset,
				   rb->futex_private, (enum ktimer_clock)rb->clockid, rb->deadline_ns);

	if (rc == -EINTR) {
		rb->fn = futex_wait_restart;
		return -ERESTART_RESTARTBLOCK;
	}
	return rc;
}

/*
 * The word's address, as Linux's get_futex_key checks it: aligned
 * (-EINVAL), below the kernel (access_ok, -EFAULT), and for a shared futex
 * (no FUTEX_PRIVATE_FLAG) mapped (-EFAULT: Linux looks its page up to make
 * the key).  A private wake needs no page, so an unmapped word is not an
 * error there (0 woken), as on Linux; a wait reads the word and faults.
 */
static long futex_check_address(u32 uaddr, bool private)
{
	if (uaddr & 3)
		return -EINVAL;
	if (!user_access_ok((const void __user *)uaddr, sizeof(u32)))
		return -EFAULT;
	if (!private && !user_range_ok((const void __user *)uaddr, sizeof(u32), false))
		return -EFAULT;
	return 0;
}

static u64 clock_now(enum ktimer_clock clock)
{
	return clock == KTIMER_REALTIME ? clock_realtime_ns() : clock_monotonic_ns();
}

/* futex and futex_time64 (`wide`: the timeout's layout). */
static long futex_common(u32 __user *uaddr, int op, u32 val, const void __user *utime,
			 u32 __user *uaddr2, u32 val3, bool wide)
{
	int cmd = op & ABI_FUTEX_CMD_MASK;
	bool realtime = op & ABI_FUTEX_CLOCK_REALTIME;
	bool private = op & ABI_FUTEX_PRIVATE_FLAG;
	enum ktimer_clock clock = realtime ? KTIMER_REALTIME : KTIMER_MONOTONIC;
	u64 deadline = KTIME_MAX;
	bool waits = cmd == ABI_FUTEX_WAIT || cmd == ABI_FUTEX_WAIT_BITSET;
	long rc;

	(void)uaddr2;
	if (waits && utime) {
		u64 ns;

		rc = get_user_ktime(utime, wide, &ns);
		if (rc)
			return rc;
		/* FUTEX_WAIT's timeout is relative, FUTEX_WAIT_BITSET's absolute. */
		deadline = cmd == ABI_FUTEX_WAIT ? ktime_add_sat(clock_now(clock), ns) : ns;
	}
	/* Linux takes FUTEX_CLOCK_REALTIME with FUTEX_WAIT_BITSET only (the
	 * Linux i386 oracle: FUTEX_WAIT with it is -ENOSYS too). */
	if (realtime && cmd != ABI_FUTEX_WAIT_BITSET)
		return -ENOSYS;
	switch (cmd) {
	case ABI_FUTEX_WAIT:
		val3 = ABI_FUTEX_BITSET_MATCH_ANY;
		/* fall through */
	case ABI_FUTEX_WAIT_BITSET:
		if (!val3)
			return -EINVAL;
		rc = futex_check_address((u32)uaddr, private);
		if (rc)
			return rc;
		rc = futex_wait_until((u32)uaddr, val, val3, private, clock, deadline);
		if (rc != -EINTR)
			return rc;
		if (deadline == KTIME_MAX)
			return -ERESTARTSYS;
		current->restart.futex_uaddr = (u32)uaddr;
		current->restart.futex_val = val;
		current->restart.futex_bitset = val3;
		current->restart.futex_private = private;
		current->restart.clockid = clock;
		current->restart.deadline_ns = deadline;
		current->restart.fn = futex_wait_restart;
		return -ERESTART_RESTARTBLOCK;
	case ABI_FUTEX_WAKE:
		val3 = ABI_FUTEX_BITSET_MATCH_ANY;
		/* fall through */
	case ABI_FUTEX_WAKE_BITSET:
		if (!val3)
			return -EINVAL;
		rc = futex_check_address((u32)uaddr, private);
		if (rc)
			return rc;
		{
			struct futex_key k;

			key_get(&k, (u32)uaddr, private);
			rc = wake(&k, (int)val, val3);
			key_put(&k);
			return rc;
		}
	default:
		return -ENOSYS;
	}
}

long sys_futex(u32 __user *uaddr, int op, u32 val, const struct timespec __user *utime,
	       u32 __user *uaddr2, u32 val3)
{
	return futex_common(uaddr, op, val, utime, uaddr2, val3, false);
}

/* 422: the timeout a 64-bit struct __kernel_timespec (Linux 5.1). */
long sys_futex_time64(u32 __user *uaddr, int op, u32 val,
		      const struct abi_timespec64 __user *utime, u32 __user *uaddr2, u32 val3)
{
	return futex_common(uaddr, op, val, utime, uaddr2, val3, true);
}
