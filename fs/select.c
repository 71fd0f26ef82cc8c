/*
 * poll (168), ppoll (309), select (_newselect 142; the old select 82 takes
 * its five arguments in one struct) and pselect6 (308).
 *
 * What a file has ready is its poll op (fs/file.h), called with interrupts
 * off; a file without one (the tree's files and directories, /proc) is
 * always readable and writable, as Linux's DEFAULT_POLLMASK.
 *
 * Waiting.  A task sleeps on at most one wait queue (kernel/task/wait.h),
 * so a poller cannot wait on each of its files' queues as Linux does.
 * Every poller sleeps on one queue, poll_waiters, and whatever can make a
 * file ready (console input arriving, a timerfd expiring or cancelled)
 * calls file_poll_wake: each poller then scans its files again.  The scan
 * and the sleep happen with interrupts off, so no wake-up is lost between
 * them.
 *
 * References.  A poller sleeps on poll_waiters, not on its files, but it
 * holds each file its set named when the call began (fd_get, dropped when
 * the call returns), as Linux's poll table does: another thread closing
 * the descriptor then leaves the file alive (a timerfd keeps its timer
 * running), whose becoming ready wakes the poller; each scan looks the
 * descriptors up again, and one closed since reads POLLNVAL (poll) or
 * ready in every set it was asked in (select: Linux 6.x counts POLLNVAL in
 * all three), as on Linux.
 *
 * Timeouts are exact as clock_nanosleep's: the deadline is on
 * CLOCK_MONOTONIC, the call sleeps at least the time asked and only a
 * signal that is not ignored nor blocked (the ones that end sched_sleep)
 * ends it early, with -ERESTARTNOHAND: EINTR when a handler runs, else a
 * restart.  select, pselect6 and ppoll then write the time left back, as
 * Linux does, so that a restart waits only the rest.
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/select.h"
#include "fs/syscalls.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include "kernel/time/clock.h"
#include "kernel/time/time_user.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/poll.h>
#include <abi/signal.h>

/* Linux's limit is RLIMIT_NOFILE; tick386 has none, so its default soft
 * limit: more entries than that is EINVAL. */
#define POLL_NFDS_MAX 1024u

#define DEFAULT_POLLMASK (POLLIN | POLLOUT | POLLRDNORM | POLLWRNORM)
/* Linux 6.x's sets: a descriptor closed while select waits (POLLNVAL) is
 * ready in each set it is in. */
#define POLLIN_SET (POLLRDNORM | POLLRDBAND | POLLIN | POLLHUP | POLLERR | POLLNVAL)
#define POLLOUT_SET (POLLWRBAND | POLLWRNORM | POLLOUT | POLLERR | POLLNVAL)
#define POLLEX_SET (POLLPRI | POLLNVAL)

#define NS_PER_US 1000ull
#define NS_PER_MS 1000000ull

static struct wait_queue poll_waiters = WAIT_QUEUE_INIT;

void file_poll_wake(void)
{
	/* Every queued signal comes here (for signalfd): with no poller
	 * asleep and no edge-triggered item, there is nothing to look at,
	 * and the timer-signal path stays as short as before epoll. */
	if (!poll_waiters.first && !eventpoll_et_active())
		return;
	eventpoll_wake(); /* edge-triggered items see the change first */
	wait_wake_all(&poll_waiters);
}

u32 file_poll(struct file *f)
{
	if (f->ops && f->ops->poll)
		return f->ops->poll(f);
	if (!f->ops && f->node && f->node->ops && f->node->ops->poll)
		return f->node->ops->poll(f);
	return DEFAULT_POLLMASK;
}

/*
 * Scan with scan(ctx) until it finds something ready, the deadline on
 * CLOCK_MONOTONIC passes (a deadline already past: one scan) or a signal
 * comes (a fatal one too: sched_sleep's -EINTR).  Returns scan's count,
 * or -ERESTARTNOHAND.  The caller holds the files (pin_files).
 */
long poll_wait(long (*scan)(void *ctx), void *ctx, u64 deadline)
{
	for (;;) {
		u32 flags = irq_save();
		long count = scan(ctx);

		if (count || clock_monotonic_ns() >= deadline) {
			irq_restore(flags);
			return count;
		}
		int rc = wait_sleep(&poll_waiters, KTIMER_MONOTONIC, deadline);
		irq_restore(flags);
		if (rc == -EINTR)
			return -ERESTARTNOHAND;
	}
}

/* A relative timeout (ns, or NULL for none) as a deadline: KTIME_MAX for none. */
static u64 deadline_after(const u64 *timeout)
{
	if (!timeout)
		return KTIME_MAX;
	return ktime_add_sat(clock_monotonic_ns(), *timeout);
}

/* Where the time left goes: select's timeval, or a timespec of either layout. */
enum left_fmt { LEFT_TIMEVAL, LEFT_TIMESPEC, LEFT_TIMESPEC64 };

/*
 * Write the time left back (Linux's poll_select_finish): not for a zero
 * timeout; a timeval the call cannot write ends a restart (EINTR, not a
 * restart that would wait the whole time again), but is no error.
 */
static long write_time_left(const u64 *timeout, u64 deadline, void __user *ut,
			    enum left_fmt fmt, long ret)
{
	u64 left = ktime_sub_floor(deadline, clock_monotonic_ns());
	int rc;

	if (!timeout || !*timeout)
		return ret;
	if (fmt == LEFT_TIMEVAL) {
		struct timespec ts;

		ktime_to_timespec(left, &ts);
		struct timeval tv = {ts.tv_sec, ts.tv_nsec / (long)NS_PER_US};

		rc = copy_to_user(ut, &tv, sizeof(tv));
	} else {
		rc = put_user_ktime(ut, fmt == LEFT_TIMESPEC64, left);
	}
	if (rc && ret == -ERESTARTNOHAND)
		return -EINTR;
	return ret;
}

/* ---- the signal mask of pselect6 and ppoll ---------------------------------- */

/* Block mask while the call waits (as sigsuspend): the old mask is saved in
 * signal_state.saved_mask. */
void poll_mask_apply(abi_sigset_t mask)
{
	struct signal_state *st = &current->signal;
	u32 flags = irq_save();

	st->saved_mask = st->blocked;
	st->restore_mask = true;
	st->blocked = mask & ~SIGNAL_UNBLOCKABLE;
	irq_restore(flags);
}

/* Interrupted, the saved mask comes back after the handler (its frame
 * keeps it) or the restart (signal_deliver); otherwise now. */
void poll_mask_restore(long ret)
{
	struct signal_state *st = &current->signal;
	u32 flags;

	if (ret == -ERESTARTNOHAND)
		return;
	flags = irq_save();
	if (st->restore_mask) {
		st->blocked = st->saved_mask;
		st->restore_mask = false;
	}
	irq_restore(flags);
}

long poll_mask_get(const abi_sigset_t __user *umask, u32 size, abi_sigset_t *mask)
{
	if (size != sizeof(abi_sigset_t))
		return -EINVAL;
	return copy_from_user(mask, umask, sizeof(*mask)) ? -EFAULT : 0;
}

/* ---- holding the files of a set ---------------------------------------------- */

/* pins[i] = a reference on fds[i]'s file, or NULL (negative or closed fd). */
static void pin_files(const int *fds, u32 stride, u32 n, struct file **pins)
{
	for (u32 i = 0; i < n; i++) {
		int fd = *(const int *)((const char *)fds + i * stride);

		pins[i] = fd >= 0 ? fd_get(fd) : NULL;
	}
}

static void unpin_files(struct file **pins, u32 n)
{
	for (u32 i = 0; i < n; i++)
		if (pins[i])
			file_put(pins[i]);
}

/* What fd has ready now, looked up again (the set's files are held by the
 * call: this reference lasts only the look), POLLNVAL once closed. */
static u32 fd_poll(int fd)
{
	struct file *f = fd_get(fd);
	u32 mask;

	if (!f)
		return POLLNVAL;
	mask = file_poll(f);
	file_put(f);
	return mask;
}

/* ---- poll ------------------------------------------------------------------- */

struct poll_ctx {
	struct pollfd *fds;
	u32 nfds;
};

static long poll_scan(void *arg)
{
	struct poll_ctx *p = arg;
	long count = 0;

	for (u32 i = 0; i < p->nfds; i++) {
		struct pollfd *pfd = &p->fds[i];
		u32 mask;

		pfd->revents = 0;
		if (pfd->fd < 0)
			continue;
		mask = fd_poll(pfd->fd);
		if (mask == POLLNVAL)
			pfd->revents = POLLNVAL;
		else
			pfd->revents = (short)(mask & ((u16)pfd->events | POLLERR | POLLHUP));
		if (pfd->revents)
			count++;
	}
	return count;
}

/*
 * The pollfds of a call that fit here stay on the kernel stack, as in
 * Linux's do_sys_poll (256 bytes less its list header: 31 on i386), so
 * that poll on a few descriptors never fails for want of memory.  Beyond,
 * one block holds the pollfds and then the files held.
 */
#define POLL_STACK_FDS 31

static long do_poll(struct pollfd __user *ufds, u32 nfds, u64 deadline)
{
	struct pollfd on_stack[POLL_STACK_FDS];
	struct file *pins_on_stack[POLL_STACK_FDS];
	struct poll_ctx p = {on_stack, nfds};
	struct file **pins = pins_on_stack;
	long ret;

	if (nfds > POLL_NFDS_MAX)
		return -EINVAL;
	if (nfds > POLL_STACK_FDS) {
		p.fds = kmalloc(nfds * (sizeof(struct pollfd) + sizeof(struct file *)));
		if (!p.fds)
			return -ENOMEM;
		pins = (struct file **)(p.fds + nfds);
	}
	ret = -EFAULT;
	if (copy_from_user(p.fds, ufds, nfds * sizeof(struct pollfd)))
		goto out;
	pin_files(&p.fds[0].fd, sizeof(struct pollfd), nfds, pins);
	ret = poll_wait(poll_scan, &p, deadline);
	unpin_files(pins, nfds);
	if (ret >= 0) {
		/* revents only, as Linux writes them */
		for (u32 i = 0; i < nfds; i++)
			if (copy_to_user(&ufds[i].revents, &p.fds[i].revents, sizeof(short))) {
				ret = -EFAULT;
				break;
			}
	}
out:
	if (p.fds != on_stack)
		kfree(p.fds);
	return ret;
}

long sys_poll(struct pollfd __user *ufds, u32 nfds, int timeout_ms)
{
	u64 deadline = KTIME_MAX;

	if (timeout_ms >= 0)
		deadline = ktime_add_sat(clock_monotonic_ns(), (u64)timeout_ms * NS_PER_MS);
	return do_poll(ufds, nfds, deadline);
}

/* ppoll and ppoll_time64 (`wide`: the timespec's layout). */
static long ppoll_common(struct pollfd __user *ufds, u32 nfds, void __user *uts,
			 const abi_sigset_t __user *umask, u32 sigsetsize, bool wide)
{
	abi_sigset_t mask;
	u64 deadline, timeout;
	long ret;

	if (uts && (ret = get_user_ktime(uts, wide, &timeout)))
		return ret;
	deadline = deadline_after(uts ? &timeout : NULL);
	if (umask) {
		ret = poll_mask_get(umask, sigsetsize, &mask);
		if (ret)
			return ret;
		poll_mask_apply(mask);
	}
	ret = do_poll(ufds, nfds, deadline);
	ret = write_time_left(uts ? &timeout : NULL, deadline, uts,
			      wide ? LEFT_TIMESPEC64 : LEFT_TIMESPEC, ret);
	if (umask)
		poll_mask_restore(ret);
	return ret;
}

long sys_ppoll(struct pollfd __user *ufds, u32 nfds, struct timespec __user *uts,
	       const abi_sigset_t __user *umask, u32 sigsetsize)
{
	return ppoll_common(ufds, nfds, uts, umask, sigsetsize, false);
}

long sys_ppoll_time64(struct pollfd __user *ufds, u32 nfds, struct abi_timespec64 __user *uts,
		      const abi_sigset_t __user *umask, u32 sigsetsize)
{
	return ppoll_common(ufds, nfds, uts, umask, sigsetsize, true);
}

/* ---- select ----------------------------------------------------------------- */

#define SET_WORDS (FD_MAX / 32)

struct select_ctx {
	int n;
	u32 in[SET_WORDS], out[SET_WORDS], ex[SET_WORDS];    /* asked */
	u32 rin[SET_WORDS], rout[SET_WORDS], rex[SET_WORDS]; /* ready */
};

static bool bit(const u32 *set, int fd)
{
	return set[fd / 32] >> (fd % 32) & 1;
}

static long select_scan(void *arg)
{
	struct select_ctx *s = arg;
	long count = 0;

	memset(s->rin, 0, sizeof(s->rin));
	memset(s->rout, 0, sizeof(s->rout));
	memset(s->rex, 0, sizeof(s->rex));
	for (int fd = 0; fd < s->n; fd++) {
		u32 b = 1u << (fd % 32), mask;

		if (!bit(s->in, fd) && !bit(s->out, fd) && !bit(s->ex, fd))
			continue;
		mask = fd_poll(fd); /* closed meanwhile: POLLNVAL, in every set */
		if (bit(s->in, fd) && (mask & POLLIN_SET)) {
			s->rin[fd / 32] |= b;
			count++;
		}
		if (bit(s->out, fd) && (mask & POLLOUT_SET)) {
			s->rout[fd / 32] |= b;
			count++;
		}
		if (bit(s->ex, fd) && (mask & POLLEX_SET)) {
			s->rex[fd / 32] |= b;
			count++;
		}
	}
	return count;
}

static long do_select(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex, u64 deadline)
{
	struct select_ctx s;
	struct file *pins[FD_MAX];
	int fds[FD_MAX];
	size_t bytes;
	long ret;

	if (n < 0)
		return -EINVAL;
	if (n > FD_MAX) /* Linux: as many as the descriptor table has */
		n = FD_MAX;
	memset(&s, 0, sizeof(s));
	s.n = n;
	bytes = (size_t)(n + 31) / 32 * 4;
	if ((uin && copy_from_user(s.in, uin, bytes)) ||
	    (uout && copy_from_user(s.out, uout, bytes)) ||
	    (uex && copy_from_user(s.ex, uex, bytes)))
		return -EFAULT;
	for (int fd = 0; fd < n; fd++)
		fds[fd] = bit(s.in, fd) || bit(s.out, fd) || bit(s.ex, fd) ? fd : -1;
	pin_files(fds, sizeof(int), (u32)n, pins);
	for (int fd = 0; fd < n; fd++) {
		if (fds[fd] >= 0 && !pins[fd]) {
			unpin_files(pins, (u32)n);
			return -EBADF;
		}
	}
	ret = poll_wait(select_scan, &s, deadline);
	unpin_files(pins, (u32)n);
	if (ret < 0)
		return ret;
	if ((uin && copy_to_user(uin, s.rin, bytes)) || (uout && copy_to_user(uout, s.rout, bytes)) ||
	    (uex && copy_to_user(uex, s.rex, bytes)))
		return -EFAULT;
	return ret;
}

long sys_select(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
		struct timeval __user *utv)
{
	struct timeval tv;
	struct timespec ts;
	u64 deadline, timeout;
	long ret;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		/* Linux carries whole seconds out of tv_usec; negatives are EINVAL */
		if (tv.tv_sec < 0 || tv.tv_usec < 0)
			return -EINVAL;
		ts.tv_sec = tv.tv_sec + tv.tv_usec / 1000000;
		ts.tv_nsec = tv.tv_usec % 1000000 * (long)NS_PER_US;
		ktime_from_timespec(&ts, &timeout);
	}
	deadline = deadline_after(utv ? &timeout : NULL);
	ret = do_select(n, uin, uout, uex, deadline);
	return write_time_left(utv ? &timeout : NULL, deadline, utv, LEFT_TIMEVAL, ret);
}

/* The old select (82): its five arguments in one struct. */
long sys_old_select(const u32 __user *uargs)
{
	u32 a[5];

	if (copy_from_user(a, uargs, sizeof(a)))
		return -EFAULT;
	return sys_select((int)a[0], (u32 __user *)a[1], (u32 __user *)a[2], (u32 __user *)a[3],
			  (struct timeval __user *)a[4]);
}

/* pselect6 and pselect6_time64 (`wide`: the timespec's layout). */
static long pselect6_common(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
			    void __user *uts, const u32 __user *usig, bool wide)
{
	abi_sigset_t mask;
	u32 sig[2] = {0, 0}; /* {const sigset_t *, its size} */
	u64 deadline, timeout;
	long ret;

	if (usig && copy_from_user(sig, usig, sizeof(sig)))
		return -EFAULT;
	if (uts && (ret = get_user_ktime(uts, wide, &timeout)))
		return ret;
	deadline = deadline_after(uts ? &timeout : NULL);
	if (sig[0]) {
		ret = poll_mask_get((const abi_sigset_t __user *)sig[0], sig[1], &mask);
		if (ret)
			return ret;
		poll_mask_apply(mask);
	}
	ret = do_select(n, uin, uout, uex, deadline);
	ret = write_time_left(uts ? &timeout : NULL, deadline, uts,
			      wide ? LEFT_TIMESPEC64 : LEFT_TIMESPEC, ret);
	if (sig[0])
		poll_mask_restore(ret);
	return ret;
}

long sys_pselect6(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
		  struct timespec __user *uts, const u32 __user *usig)
{
	return pselect6_common(n, uin, uout, uex, uts, usig, false);
}

long sys_pselect6_time64(int n, u32 __user *uin, u32 __user *uout, u32 __user *uex,
			 struct abi_timespec64 __user *uts, const u32 __user *usig)
{
	return pselect6_common(n, uin, uout, uex, uts, usig, true);
}
