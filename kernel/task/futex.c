/*
 * futex (Linux i386 #240) and futex_waitv (#449), with Linux 6.13's
 * operations, errors and order of checks (kernel/futex/syscalls.c,
 * waitwake.c, requeue.c):
 *   WAIT (a relative timeout on CLOCK_MONOTONIC), WAIT_BITSET (an absolute
 *   one, on CLOCK_MONOTONIC or with FUTEX_CLOCK_REALTIME on CLOCK_REALTIME,
 *   which follows clock_settime as every absolute CLOCK_REALTIME ktimer),
 *   WAKE, WAKE_BITSET, REQUEUE, CMP_REQUEUE, WAKE_OP, and futex_waitv (up
 *   to 128 words, any of which wakes the caller).
 * The PI operations (LOCK_PI, LOCK_PI2, UNLOCK_PI, TRYLOCK_PI,
 * WAIT_REQUEUE_PI, CMP_REQUEUE_PI) are not built: they fail as on a Linux
 * built without CONFIG_FUTEX_PI, -ENOSYS after the checks that come first
 * there (the timeout, FUTEX_CLOCK_REALTIME, CMP_REQUEUE_PI's counts).
 *
 * The key of a word (struct futex_key) is what two calls must name to meet:
 * (process, address) for a private futex or a shared one in private
 * memory, (object, byte offset) for a shared futex (no FUTEX_PRIVATE_FLAG)
 * in a MAP_SHARED mapping, so that processes mapping the object anywhere
 * meet and a private wait is never woken by another process.
 *
 * A waiter (struct futex_waiter) is on the list of the bucket its key
 * hashes to (buckets[], Linux's futex_hash_bucket) while it waits.  A
 * futex_waitv caller has one waiter per word of its vector (kmalloc'ed),
 * all naming it.  A waker unlinks the waiter, sets `woken` and wakes the
 * task; a requeue moves it to the bucket of the new key and gives it that
 * key; a waiter whose sleep ends otherwise (time-out, signal, kill) unlinks
 * itself.  A wake-up never allocates.
 *
 * Locks.  One CPU, and the kernel is not preempted: every walk and change
 * of a bucket, and "compare the word, then sleep", run with interrupts off
 * (no interrupt handler touches a bucket), so no other thread runs between
 * the read of the word and the sleep, and no wake-up is lost.  Under SMP:
 *   - buckets[i].waiters, and the node, key and woken of every waiter on it:
 *     buckets[i]'s spinlock (Linux's hb->lock), held from the read of the
 *     word to the queueing and dropped around the sleep;
 *   - a requeue or WAKE_OP holds both buckets' locks, taken in address
 *     order (Linux's double_lock_hb); a requeue changes a waiter's key under
 *     both, so a waiter unlinking itself takes the lock of the bucket its key
 *     names, then checks that the key did not move meanwhile, and retries
 *     (Linux's q->lock_ptr);
 *   - bitset, task, and a waitv waiter's index: none (fixed while queued);
 *   - a shmem's refs held by keys: atomic (mm/shmem.h).
 *
 * Lifetime: a waiter lives on its task's kernel stack (or in its waitv's
 * vector) and is on a list only while its call runs.  A process key names
 * the sleeper's own process (a requeue moves only waiters matching the
 * requeuer's key, so a process key stays the sleeper's) and an address in
 * its memory: the process lives while one of its threads does, and its
 * address space is replaced only by execve, which first ends every other
 * thread.  An object key holds a reference on the object while the waiter
 * waits (an munmap by another thread cannot free it and let a new object
 * take its address); a requeue takes the new object's and drops the old.
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
#include "mm/kheap.h"
#include "mm/mmap.h"
#include "mm/shmem.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/time.h>

struct futex_key {
	void *obj;	      /* the process's leader, or the object (= shared) */
	u64 offset;	      /* the address, or the byte offset in the object */
	struct shmem *shared; /* obj when it is an object: a reference, or NULL */
};

struct futex_waiter {
	struct list_head node; /* [bucket of key] on its list while queued */
	struct futex_key key;  /* [bucket of key] a requeue moves it */
	u32 bitset;	       /* fixed: FUTEX_WAIT_BITSET's mask */
	struct task *task;     /* fixed: the sleeper */
	bool woken;	       /* [bucket of key] set by the waker that unlinked it */
};

#define FUTEX_BUCKETS 64 /* a power of two */

/* [each bucket's own lock] its waiters, in the order they came. */
static struct futex_bucket {
	struct list_head waiters;
} buckets[FUTEX_BUCKETS];

static struct list_head *bucket_of(const struct futex_key *k)
{
	u32 h = ((u32)k->obj >> 4) ^ (u32)k->offset ^ (u32)(k->offset >> 32);
	struct futex_bucket *b = &buckets[(h * 0x9e3779b1u) >> 26];

	if (!b->waiters.next) /* first use: an empty list */
		list_init(&b->waiters);
	return &b->waiters;
}

static bool key_match(const struct futex_key *a, const struct futex_key *b)
{
	return a->obj == b->obj && a->offset == b->offset;
}

/*
 * A shared futex in private memory is (process, address) as a private one,
 * but the two never meet (Linux's FUT_OFF_MMSHARED in the key's offset): a
 * FUTEX_WAIT without FUTEX_PRIVATE_FLAG is not woken by a private wake of
 * the same word.  The bit lies above every 32-bit address.
 */
#define KEY_MM_SHARED (1ull << 32)

/* The key of uaddr in leader's process (a reference to drop with key_put
 * when it is an object's). */
static void key_of(struct futex_key *k, struct task *leader, u32 uaddr, bool private)
{
	k->shared = NULL;
	if (!private && mmap_futex_key(&leader->vm, uaddr, &k->shared, &k->offset)) {
		k->obj = k->shared;
		return;
	}
	k->obj = leader;
	k->offset = private ? uaddr : uaddr | KEY_MM_SHARED;
}

static void key_get(struct futex_key *k, u32 uaddr, bool private)
{
	key_of(k, current->leader, uaddr, private);
}

static void key_put(struct futex_key *k)
{
	if (k->shared)
		shmem_put(k->shared);
}

/* Unlink w (the caller's bucket lock held) and wake its task. */
static void wake_waiter(struct futex_waiter *w)
{
	list_del_init(&w->node);
	w->woken = true;
	task_wake(w->task);
}

/* Wake at most n waiters of k whose bitset meets `bitset` (as Linux: a
 * count of 0 or less still wakes one); how many. */
static int wake(const struct futex_key *k, int n, u32 bitset)
{
	struct list_head *head = bucket_of(k);
	struct futex_waiter *w, *tmp;
	u32 flags = irq_save();
	int woken = 0;

	list_for_each_entry_safe(w, tmp, head, node) {
		if (!key_match(&w->key, k) || !(w->bitset & bitset))
			continue;
		wake_waiter(w);
		if (++woken >= n)
			break;
	}
	irq_restore(flags);
	return woken;
}

int futex_wake_key(struct task *leader, u32 uaddr, int n, u32 bitset)
{
	struct futex_key k;
	int woken;

	key_of(&k, leader, uaddr, false);
	woken = wake(&k, n, bitset);
	key_put(&k);
	return woken;
}

/*
 * Give waiter w (on k1's bucket, its key k1) the key k2: a reference on
 * k2's object is taken and k1's dropped (the caller holds its own on k1,
 * so nothing is freed here).  Only a change of bucket moves the node, to
 * the tail of k2's list; in the same bucket it stays where it is, so that
 * the walk of that list does not meet it again (Linux's requeue_futex).
 */
static void requeue_waiter(struct futex_waiter *w, struct list_head *from, struct list_head *to,
			   const struct futex_key *k2)
{
	struct shmem *old = w->key.shared;

	if (k2->shared)
		shmem_get(k2->shared);
	w->key = *k2;
	if (old)
		shmem_put(old);
	if (from != to) {
		list_del(&w->node);
		list_add_tail(&w->node, to);
	}
}

/*
 * FUTEX_REQUEUE and FUTEX_CMP_REQUEUE once the keys are made: with cmp,
 * *uaddr1 must still be *cmp (-EFAULT, -EAGAIN); then the first nr_wake
 * waiters of k1 are woken and the next nr_requeue moved to k2.  Returns
 * how many were woken or moved.  Unlike a wake, nr_wake 0 wakes nobody.
 */
static long requeue(u32 uaddr1, const struct futex_key *k1, const struct futex_key *k2,
		    int nr_wake, int nr_requeue, const u32 *cmp)
{
	struct list_head *from = bucket_of(k1), *to = bucket_of(k2);
	struct futex_waiter *w, *tmp;
	u32 flags = irq_save();
	int count = 0;

	if (cmp) {
		u32 cur;

		if (copy_from_user(&cur, (const void __user *)uaddr1, sizeof(cur))) {
			irq_restore(flags);
			return -EFAULT;
		}
		if (cur != *cmp) {
			irq_restore(flags);
			return -EAGAIN;
		}
	}
	list_for_each_entry_safe(w, tmp, from, node) {
		if (count - nr_wake >= nr_requeue)
			break;
		if (!key_match(&w->key, k1))
			continue;
		if (++count <= nr_wake)
			wake_waiter(w);
		else
			requeue_waiter(w, from, to, k2);
	}
	irq_restore(flags);
	return count;
}

/*
 * FUTEX_WAKE_OP's operation on *uaddr2 (Linux's futex_atomic_op_inuser):
 * the old value compared with cmparg, 1 or 0; -ENOSYS for an unknown op
 * (the word untouched) or an unknown comparison (the word already
 * changed, as on Linux, where the store comes first); -EFAULT when the
 * word cannot be read and written.  Interrupts off: the read and the
 * store are one step for every other thread.
 */
static long wake_op_apply(u32 uaddr2, u32 encoded)
{
	u32 op = (encoded >> 28) & 7, cmp = (encoded >> 24) & 15;
	s32 oparg = (s32)(encoded << 8) >> 20, cmparg = (s32)(encoded << 20) >> 20;
	s32 old, new;

	if (encoded & (ABI_FUTEX_OP_OPARG_SHIFT << 28))
		/* Linux logs a shift outside [0, 31] and uses its low 5 bits. */
		oparg = (s32)(1u << (oparg & 31));
	if (op > ABI_FUTEX_OP_XOR)
		return -ENOSYS;
	if (copy_from_user(&old, (const void __user *)uaddr2, sizeof(old)))
		return -EFAULT;
	switch (op) {
	case ABI_FUTEX_OP_SET:
		new = oparg;
		break;
	case ABI_FUTEX_OP_ADD:
		new = (s32)((u32)old + (u32)oparg);
		break;
	case ABI_FUTEX_OP_OR:
		new = old | oparg;
		break;
	case ABI_FUTEX_OP_ANDN:
		new = old & ~oparg;
		break;
	default: /* ABI_FUTEX_OP_XOR */
		new = old ^ oparg;
		break;
	}
	if (copy_to_user((void __user *)uaddr2, &new, sizeof(new)))
		return -EFAULT;
	switch (cmp) {
	case ABI_FUTEX_OP_CMP_EQ:
		return old == cmparg;
	case ABI_FUTEX_OP_CMP_NE:
		return old != cmparg;
	case ABI_FUTEX_OP_CMP_LT:
		return old < cmparg;
	case ABI_FUTEX_OP_CMP_LE:
		return old <= cmparg;
	case ABI_FUTEX_OP_CMP_GT:
		return old > cmparg;
	case ABI_FUTEX_OP_CMP_GE:
		return old >= cmparg;
	default:
		return -ENOSYS;
	}
}

/* FUTEX_WAKE_OP once the keys are made: the operation on *uaddr2, then up
 * to nr_wake waiters of k1 woken and, if the comparison held, up to
 * nr_wake2 of k2 (each count: at least one, as a wake).  How many woke. */
static long wake_op(const struct futex_key *k1, u32 uaddr2, const struct futex_key *k2,
		    int nr_wake, int nr_wake2, u32 encoded)
{
	u32 flags = irq_save();
	long cond = wake_op_apply(uaddr2, encoded);
	long woken;

	if (cond < 0) {
		irq_restore(flags);
		return cond;
	}
	woken = wake(k1, nr_wake, ABI_FUTEX_BITSET_MATCH_ANY);
	if (cond)
		woken += wake(k2, nr_wake2, ABI_FUTEX_BITSET_MATCH_ANY);
	irq_restore(flags);
	return woken;
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
	list_add_tail(&w.node, bucket_of(&w.key));
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
		list_del(&w.node); /* from the bucket of its key now (a requeue moves it) */
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
 * (no FUTEX_PRIVATE_FLAG) mapped, and writable when the call writes it
 * (WAKE_OP's uaddr2), and not a read-only private anonymous page (-EFAULT:
 * Linux looks its page up to make the key, and refuses such a page).
 * A private key needs no page, so an unmapped word is no error here; a
 * call that reads the word faults later.
 */
static long futex_check_address(u32 uaddr, bool private, bool write)
{
	if (uaddr & 3)
		return -EINVAL;
	if (!user_access_ok((const void __user *)uaddr, sizeof(u32)))
		return -EFAULT;
	if (private)
		return 0;
	if (!user_range_ok((const void __user *)uaddr, sizeof(u32), write) ||
	    mmap_futex_ro_anon(&current->leader->vm, uaddr))
		return -EFAULT;
	return 0;
}

/* futex_check_address, then the key (a reference to drop with key_put). */
static long key_lookup(struct futex_key *k, u32 uaddr, bool private, bool write)
{
	long rc = futex_check_address(uaddr, private, write);

	if (!rc)
		key_get(k, uaddr, private);
	return rc;
}

static u64 clock_now(enum ktimer_clock clock)
{
	return clock == KTIMER_REALTIME ? clock_realtime_ns() : clock_monotonic_ns();
}

/* Linux's timespec64_valid and timespec64_to_ktime: -EINVAL for a negative
 * second or a tv_nsec outside [0, 1e9); a time past KTIME_MAX saturates. */
static int futex_timespec_ns(const struct futex_timespec *ts, u64 *ns)
{
	if (ts->sec < 0 || (unsigned long)ts->nsec >= NSEC_PER_SEC)
		return -EINVAL;
	if ((u64)ts->sec >= KTIME_MAX / NSEC_PER_SEC)
		*ns = KTIME_MAX;
	else
		*ns = (u64)ts->sec * NSEC_PER_SEC + (u64)ts->nsec;
	return 0;
}

int futex_timespec64_from_user(struct futex_timespec *ts, const void __user *u)
{
	struct {
		s64 sec, nsec;
	} kts; /* Linux's struct __kernel_timespec */

	if (copy_from_user(&kts, u, sizeof(kts)))
		return -EFAULT;
	/* get_timespec64 drops tv_nsec's upper half on a 32-bit task. */
	ts->sec = kts.sec;
	ts->nsec = (long)(s32)kts.nsec;
	return 0;
}

bool futex_op_has_timeout(int op)
{
	switch (op & ABI_FUTEX_CMD_MASK) {
	case ABI_FUTEX_WAIT:
	case ABI_FUTEX_LOCK_PI:
	case ABI_FUTEX_LOCK_PI2:
	case ABI_FUTEX_WAIT_BITSET:
	case ABI_FUTEX_WAIT_REQUEUE_PI:
		return true;
	default:
		return false;
	}
}

/* FUTEX_WAIT, FUTEX_WAIT_BITSET once the arguments are checked. */
static long futex_wait(u32 uaddr, u32 val, u32 bitset, bool private, enum ktimer_clock clock,
		       u64 deadline)
{
	long rc = futex_wait_until(uaddr, val, bitset, private, clock, deadline);

	if (rc != -EINTR)
		return rc;
	if (deadline == KTIME_MAX)
		return -ERESTARTSYS;
	current->restart.futex_uaddr = uaddr;
	current->restart.futex_val = val;
	current->restart.futex_bitset = bitset;
	current->restart.futex_private = private;
	current->restart.clockid = clock;
	current->restart.deadline_ns = deadline;
	current->restart.fn = futex_wait_restart;
	return -ERESTART_RESTARTBLOCK;
}

/* Two keys (uaddr's, uaddr2's), then fn: REQUEUE, CMP_REQUEUE, WAKE_OP. */
static long futex_two_keys(u32 uaddr, u32 uaddr2, bool private, int cmd, int nr1, int nr2,
			   u32 val3)
{
	struct futex_key k1, k2;
	long rc;

	rc = key_lookup(&k1, uaddr, private, false);
	if (rc)
		return rc;
	rc = key_lookup(&k2, uaddr2, private, cmd == ABI_FUTEX_WAKE_OP);
	if (rc)
		goto out_k1;
	if (cmd == ABI_FUTEX_WAKE_OP)
		rc = wake_op(&k1, uaddr2, &k2, nr1, nr2, val3);
	else
		rc = requeue(uaddr, &k1, &k2, nr1, nr2, cmd == ABI_FUTEX_CMP_REQUEUE ? &val3 : NULL);
	key_put(&k2);
out_k1:
	key_put(&k1);
	return rc;
}

long futex_do(u32 uaddr, int op, u32 val, const struct futex_timespec *timeout, u32 uaddr2,
	      u32 val2, u32 val3)
{
	int cmd = op & ABI_FUTEX_CMD_MASK;
	bool realtime = op & ABI_FUTEX_CLOCK_REALTIME;
	bool private = op & ABI_FUTEX_PRIVATE_FLAG;
	enum ktimer_clock clock = realtime ? KTIMER_REALTIME : KTIMER_MONOTONIC;
	u64 deadline = KTIME_MAX;
	long rc;

	if (timeout) {
		u64 ns;

		if (futex_timespec_ns(timeout, &ns))
			return -EINVAL;
		/* FUTEX_WAIT's timeout is relative (CLOCK_MONOTONIC), the others' absolute. */
		deadline = cmd == ABI_FUTEX_WAIT ? ktime_add_sat(clock_now(KTIMER_MONOTONIC), ns) : ns;
	}
	/* Linux takes FUTEX_CLOCK_REALTIME only where a clock is chosen. */
	if (realtime && cmd != ABI_FUTEX_WAIT_BITSET && cmd != ABI_FUTEX_WAIT_REQUEUE_PI &&
	    cmd != ABI_FUTEX_LOCK_PI2)
		return -ENOSYS;
	switch (cmd) {
	case ABI_FUTEX_WAIT:
		val3 = ABI_FUTEX_BITSET_MATCH_ANY;
		/* fall through */
	case ABI_FUTEX_WAIT_BITSET:
		if (!val3)
			return -EINVAL;
		rc = futex_check_address(uaddr, private, false);
		if (rc)
			return rc;
		return futex_wait(uaddr, val, val3, private, clock, deadline);
	case ABI_FUTEX_WAKE:
		val3 = ABI_FUTEX_BITSET_MATCH_ANY;
		/* fall through */
	case ABI_FUTEX_WAKE_BITSET: {
		struct futex_key k;

		if (!val3)
			return -EINVAL;
		rc = key_lookup(&k, uaddr, private, false);
		if (rc)
			return rc;
		rc = wake(&k, (int)val, val3);
		key_put(&k);
		return rc;
	}
	case ABI_FUTEX_REQUEUE:
	case ABI_FUTEX_CMP_REQUEUE:
		if ((int)val < 0 || (int)val2 < 0)
			return -EINVAL;
		return futex_two_keys(uaddr, uaddr2, private, cmd, (int)val, (int)val2, val3);
	case ABI_FUTEX_WAKE_OP:
		return futex_two_keys(uaddr, uaddr2, private, cmd, (int)val, (int)val2, val3);
	case ABI_FUTEX_CMP_REQUEUE_PI:
		/* Linux checks the counts before it finds PI missing. */
		if ((int)val < 0 || (int)val2 < 0)
			return -EINVAL;
		return -ENOSYS;
	default:
		/* FUTEX_FD, an unknown command, and the PI operations, which
		 * are not built (Linux without CONFIG_FUTEX_PI). */
		return -ENOSYS;
	}
}

long sys_futex(u32 __user *uaddr, int op, u32 val, const struct timespec __user *utime,
	       u32 __user *uaddr2, u32 val3)
{
	struct futex_timespec ts, *tp = NULL;

	/* The fourth argument is a timeout for the operations that wait, a
	 * count (val2) for the others. */
	if (utime && futex_op_has_timeout(op)) {
		struct timespec uts;

		if (copy_from_user(&uts, utime, sizeof(uts)))
			return -EFAULT;
		ts.sec = uts.tv_sec;
		ts.nsec = uts.tv_nsec;
		tp = &ts;
	}
	return futex_do((u32)uaddr, op, val, tp, (u32)uaddr2, (u32)utime, val3);
}

/* ---- futex_waitv ------------------------------------------------------------ */

/* One word of a futex_waitv vector: its waiter and what the entry said. */
struct waitv_word {
	struct futex_waiter w;
	u32 addr, val;
	bool private;
};

/* The highest index of a word woken, or -1 (Linux's unqueue_multiple). */
static long waitv_woken(const struct waitv_word *v, u32 n)
{
	for (u32 i = n; i-- > 0;)
		if (v[i].w.woken)
			return i;
	return -1;
}

/*
 * Queue one waiter per word of the vector, each word compared with its
 * value first (-EFAULT, -EAGAIN: the waiters queued so far unlinked), then
 * sleep until one is woken, the deadline or a signal.  Returns the index of
 * a word woken, -ETIMEDOUT or -ERESTARTSYS (Linux's: EINTR, or the call
 * made again after a handler with SA_RESTART or a stop; the deadline is
 * absolute, so it holds).
 */
static long waitv_sleep(struct waitv_word *v, u32 n, enum ktimer_clock clock, u64 deadline)
{
	u32 flags = irq_save(), queued;
	long rc = 0;

	for (queued = 0; queued < n; queued++) {
		u32 cur;

		if (copy_from_user(&cur, (const void __user *)v[queued].addr, sizeof(cur))) {
			rc = -EFAULT;
			break;
		}
		if (cur != v[queued].val) {
			rc = -EAGAIN;
			break;
		}
		list_add_tail(&v[queued].w.node, bucket_of(&v[queued].w.key));
	}
	while (!rc) {
		long woken, slept = sched_sleep(clock, deadline);

		woken = waitv_woken(v, n);
		if (woken >= 0)
			rc = woken + 1; /* made an index below */
		else if (slept == -ETIMEDOUT)
			rc = -ETIMEDOUT;
		else if (slept == -EINTR)
			rc = -ERESTARTSYS;
	}
	if (rc > 0)
		rc--;
	for (u32 i = 0; i < queued; i++)
		if (!v[i].w.woken)
			list_del(&v[i].w.node); /* from the bucket of its key now */
	irq_restore(flags);
	return rc;
}

long sys_futex_waitv(const struct abi_futex_waitv __user *waiters, u32 nr_futexes, u32 flags,
		     const void __user *timeout, int clockid)
{
	enum ktimer_clock clock = KTIMER_MONOTONIC;
	u64 deadline = KTIME_MAX;
	struct waitv_word *v;
	u32 keyed = 0, i;
	long rc;

	if (flags)
		return -EINVAL; /* none defined yet */
	if (!nr_futexes || nr_futexes > ABI_FUTEX_WAITV_MAX || !waiters)
		return -EINVAL;
	if (timeout) {
		struct futex_timespec ts;

		if (clockid != CLOCK_REALTIME && clockid != CLOCK_MONOTONIC)
			return -EINVAL;
		if (clockid == CLOCK_REALTIME)
			clock = KTIMER_REALTIME;
		if (futex_timespec64_from_user(&ts, timeout))
			return -EFAULT;
		if (futex_timespec_ns(&ts, &deadline))
			return -EINVAL;
	}
	v = kzalloc(nr_futexes * sizeof(*v));
	if (!v)
		return -ENOMEM;
	/* Every entry read and checked first (Linux's futex_parse_waitv). */
	for (i = 0; i < nr_futexes; i++) {
		struct abi_futex_waitv e;

		rc = -EFAULT;
		if (copy_from_user(&e, &waiters[i], sizeof(e)))
			goto out;
		rc = -EINVAL;
		if ((e.flags & ~(ABI_FUTEX2_SIZE_MASK | ABI_FUTEX2_PRIVATE)) || e.reserved)
			goto out;
		if ((e.flags & ABI_FUTEX2_SIZE_MASK) != ABI_FUTEX2_SIZE_U32 || (e.val >> 32))
			goto out; /* only 32-bit words, as Linux */
		v[i].addr = (u32)e.uaddr; /* the upper half is dropped on i386 */
		v[i].val = (u32)e.val;
		v[i].private = e.flags & ABI_FUTEX2_PRIVATE;
		v[i].w.bitset = ABI_FUTEX_BITSET_MATCH_ANY;
		v[i].w.task = current;
	}
	/* Then every key, before any word is read. */
	for (keyed = 0; keyed < nr_futexes; keyed++) {
		rc = key_lookup(&v[keyed].w.key, v[keyed].addr, v[keyed].private, false);
		if (rc)
			goto out;
	}
	rc = waitv_sleep(v, nr_futexes, clock, deadline);
out:
	for (i = 0; i < keyed; i++)
		key_put(&v[i].w.key);
	kfree(v);
	return rc;
}

/* 422: futex with a 64-bit struct __kernel_timespec timeout (Linux 5.1). */
long sys_futex_time64(u32 __user *uaddr, int op, u32 val,
		      const struct abi_timespec64 __user *utime, u32 __user *uaddr2, u32 val3)
{
	struct futex_timespec ts, *tp = NULL;

	if (utime && futex_op_has_timeout(op)) {
		if (futex_timespec64_from_user(&ts, utime))
			return -EFAULT;
		tp = &ts;
	}
	return futex_do((u32)uaddr, op, val, tp, (u32)uaddr2, (u32)utime, val3);
}
