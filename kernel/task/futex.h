/*
 * Futexes (kernel/task/futex.c): a thread sleeps on a word of its process's
 * memory until another wakes it.  The key is (process, address), or for a
 * shared futex in a MAP_SHARED mapping (object, offset): see futex.c.
 */
#ifndef TICK386_KERNEL_FUTEX_H
#define TICK386_KERNEL_FUTEX_H

#include "lib/types.h"
#include <abi/futex.h>

#define FUTEX_BITSET_MATCH_ANY ABI_FUTEX_BITSET_MATCH_ANY

struct task;


/* Wake at most n waiters of (leader's process, uaddr) whose bitset meets
 * `bitset`; returns how many. */
int futex_wake_key(struct task *leader, u32 uaddr, int n, u32 bitset);


#endif
