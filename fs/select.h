/* What fs/select.c lends to the other waits on files (fs/eventpoll.c). */
#ifndef TICK386_FS_SELECT_H
#define TICK386_FS_SELECT_H

#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/signal.h>

/*
 * Call scan(ctx) with interrupts off until it returns non-zero, the
 * deadline on CLOCK_MONOTONIC passes (KTIME_MAX: never) or a signal comes:
 * scan's count, 0, or -ERESTARTNOHAND.  A file_poll_wake runs scan again.
 */
long poll_wait(long (*scan)(void *ctx), void *ctx, u64 deadline);
/* The sigmask of ppoll, pselect6 and epoll_pwait: read it (-EINVAL for a
 * size that is not 8, -EFAULT), block it while waiting, and put the old one
 * back, unless ret is -ERESTARTNOHAND: then after the handler or restart. */
long poll_mask_get(const abi_sigset_t __user *umask, u32 size, abi_sigset_t *mask);
void poll_mask_apply(abi_sigset_t mask);
void poll_mask_restore(long ret);

/* fs/eventpoll.c: edge-triggered items look at their files (file_poll_wake). */
void eventpoll_wake(void);
/*
 * A keyed wake of one wait queue of a poll_keyed file (fs/file.h), as
 * Linux's wake_up_poll(wq, key) reaches the ep_poll_callback of each epoll
 * item waiting there: the items on files whose private_data is src and
 * which are open for writing (write_side) or reading.  key: the events
 * (0: any); all: every EPOLLEXCLUSIVE item (wake_up_all), else they are
 * marked in the order added up to the first whose epoll has a sleeper.
 * The caller then calls file_poll_wake.
 */
void eventpoll_wake_queue(const void *src, bool write_side, u32 key, bool all);
/* Whether any edge-triggered item exists (file_poll_wake skips both otherwise). */
bool eventpoll_et_active(void);

#endif
