/*
 * Futex waits and the libc's lock (thread.h).
 *
 * The lock word is 0 (free), 1 (held) or 2 (held, maybe with waiters).
 * Taking it: 0 -> 1 by compare-and-swap when free; otherwise swap in 2 and
 * sleep while it stays 2, so that the holder's unlock, which swaps in 0 and
 * sees 2, knows to wake one sleeper.  A woken thread takes the lock as 2
 * again, since it cannot know whether others still sleep.
 */
#include <errno.h>
#include <time.h>
#include "thread.h"

void __lock_slow(volatile int *l, int priv)
{
	while (swap(l, 2) != 0)
		futex_wait(l, 2, priv);
}

long __futex_wait_abs(volatile int *addr, int val, clockid_t clock, const struct timespec *abs,
		      int priv, int cancellable)
{
	long op = FUTEX_WAIT | priv;

	/* FUTEX_WAIT's timeout is relative; the bitset form takes an absolute one. */
	if (abs)
		op =
		    FUTEX_WAIT_BITSET | priv | (clock == CLOCK_REALTIME ? FUTEX_CLOCK_REALTIME : 0);
	if (cancellable)
		return __syscall_cp(__NR_futex, (long)addr, op, val, (long)abs, 0,
				    (long)FUTEX_BITSET_MATCH_ANY);
	return sys_6(__NR_futex, (long)addr, op, val, (long)abs, 0, (long)FUTEX_BITSET_MATCH_ANY);
}
