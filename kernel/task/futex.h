/*
 * Futexes (kernel/task/futex.c): a thread sleeps on a word of its process's
 * memory until another wakes it.  The key is (process, address), or for a
 * shared futex in a MAP_SHARED mapping (object, offset): see futex.c.
 */
#ifndef TICK386_KERNEL_FUTEX_H
#define TICK386_KERNEL_FUTEX_H

#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/futex.h>

#define FUTEX_BITSET_MATCH_ANY ABI_FUTEX_BITSET_MATCH_ANY

struct task;

/* Wake at most n waiters of the shared futex at uaddr in leader's process
 * (no FUTEX_PRIVATE_FLAG: CLONE_CHILD_CLEARTID's, as Linux) whose bitset
 * meets `bitset`; returns how many. */
int futex_wake_key(struct task *leader, u32 uaddr, int n, u32 bitset);

/*
 * A futex timeout as an entry point read it from user space (Linux's
 * struct timespec64: tv_nsec is a long, so a 64-bit one has lost its upper
 * half on i386); futex_do checks it.
 */
struct futex_timespec {
	s64 sec;
	long nsec;
};

/* Read a 64-bit struct __kernel_timespec (futex_waitv's, futex_time64's):
 * 0 or -EFAULT. */
int futex_timespec64_from_user(struct futex_timespec *ts, const void __user *u);

/* Whether op's fourth argument is a timeout to read (the waits, LOCK_PI);
 * for the others it is a count, val2. */
bool futex_op_has_timeout(int op);

/*
 * The futex operations behind the entry points (sys_futex, and a
 * futex_time64 with a 64-bit timespec): timeout is what the entry read,
 * or NULL (none, or an operation without one); val2 is the fourth argument
 * as a number (REQUEUE's nr_requeue, WAKE_OP's nr_wake2).
 */
long futex_do(u32 uaddr, int op, u32 val, const struct futex_timespec *timeout, u32 uaddr2,
	      u32 val2, u32 val3);

#endif
