/*
 * epoll: epoll_create1 (329), epoll_ctl (251 here, 255 on Linux),
 * epoll_pwait (319), epoll_pwait2 (441); user/libc makes epoll_create and
 * epoll_wait of them (<abi/syscall.h>).  As Linux's fs/eventpoll.c.
 *
 * An epoll is a file (its private_data a struct eventpoll) holding items:
 * one per (file, descriptor number) added, with the events asked and the
 * user's 64-bit data.  The item is keyed by the file and the number the
 * descriptor had when added, as Linux: a dup'd descriptor of the same file
 * is another item, and closing one descriptor of a file that another still
 * holds leaves the item where it is.
 *
 * Readiness is looked at, not queued.  Linux queues an item on its
 * epoll's ready list from a callback on each watched file's wait queue;
 * tick386's files have one wake for all (file_poll_wake, fs/select.c), so
 * epoll_wait scans its items' poll ops the way poll does, and sleeps on
 * poll's queue between scans.  Level-triggered items are reported while
 * their file is ready; a reported one moves to the end of the list, so
 * that a small maxevents still sees every ready item in turn, as Linux's
 * ready list re-queued at its tail.
 *
 * Edge-triggered items (EPOLLET) need an event, not a state: a mark
 * (`edge`, Linux's place on the ready list) that epoll_wait clears when it
 * reports the item, which it does only if the file is still ready.  Files
 * that announce each change by a keyed wake (poll_keyed in fs/file.h:
 * pipes) mark their items as Linux's ep_poll_callback does, on every wake
 * whose key the item asks for (eventpoll_wake_queue): a second write into
 * a pipe not read yet is an edge again.  Other files have one wake for
 * all: every file_poll_wake first calls eventpoll_wake, which polls each
 * ET item of such a file and marks it when a bit it asks for rose since
 * it last looked (`last`).
 *
 * EPOLLEXCLUSIVE (items of poll_keyed files): the item too is reported only
 * when marked, and a keyed wake marks the exclusive items of its queue in
 * the order they were added, up to the first whose epoll has a waiter in
 * epoll_wait not yet woken by such a wake (`sleepers`, `claimed`): so one
 * event wakes one of several epolls, as Linux's exclusive wait entries.
 * A level-triggered one keeps its mark while its file stays ready, as
 * Linux re-queues it.  On other files EPOLLEXCLUSIVE is checked and kept
 * but every waiter sees the event (docs/DESIGN.md).  A task blocked in
 * read(2) is one of Linux's exclusive waiters on a pipe's queue and may
 * take a wake before an exclusive item does; here it does not.
 *
 * EPOLLONESHOT: a reported item keeps only its private bits, so it
 * reports nothing until EPOLL_CTL_MOD re-arms it.
 *
 * Nesting: an epoll is pollable (readable while one of its items would be
 * reported), so it can be an item of another; epoll_ctl refuses a cycle
 * or a chain deeper than EP_MAX_NESTS with ELOOP.
 *
 * Lifetime (Linux's eventpoll_release and ep_free).  An item holds no
 * reference on its file: the file's last file_put takes every item
 * watching it off its epoll first (eventpoll_release, from fs/file.c), so
 * an item's `file` is always alive.  The epoll owns its items; its own last
 * file_put frees them and it (eventpoll_release_ep).  An epoll_wait holds
 * the epoll's file (fd_get) while it sleeps: a close of the descriptor by
 * another thread leaves the epoll alive under it, and the wait goes on.
 *
 * Locking: every field here changes in system calls with interrupts off,
 * and eventpoll_wake runs with interrupts off (it may run in IRQ 0 or the
 * tty's interrupt).  With several CPUs: one lock per epoll (Linux's
 * ep->mtx, a mutex for ctl and wait, plus ep->lock, a spin lock, for the
 * ready state) guarding items, nitems and each item's events, data, last
 * and edge; a global mutex (Linux's epnested_mutex) around the loop check;
 * a spin lock for the ET list and a per-file spin lock for epoll_items
 * (Linux's file->f_lock); a spin lock for keyed_items and the epolls'
 * sleepers and claimed, taken by eventpoll_wake_queue under the pipe's
 * lock (Linux: the wait queue's lock, then ep->lock).
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/proc.h"
#include "fs/select.h"
#include "fs/syscalls.h"
#include "kernel/time/clock.h"
#include "kernel/time/time_user.h"
#include "lib/compiler.h"
#include "lib/ktime.h"
#include "lib/list.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include <abi/epoll.h>
#include <abi/errno.h>
#include <abi/poll.h>
#include <abi/time.h>

#define EP_MAX_NESTS 4 /* Linux's: the depth of nested epolls */
#define EP_PRIVATE_BITS (EPOLLWAKEUP | EPOLLONESHOT | EPOLLET | EPOLLEXCLUSIVE)
#define EPOLLEXCLUSIVE_OK_BITS                                                                     \
	(EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP | EPOLLWAKEUP | EPOLLET | EPOLLEXCLUSIVE)
/* Linux's EP_MAX_EVENTS: INT_MAX / sizeof(struct epoll_event) */
#define EP_MAX_EVENTS (0x7fffffff / (int)sizeof(struct epoll_event))
/* Events one scan gathers on the kernel stack before the copy out. */
#define EP_BATCH 32

struct eventpoll {
	struct list_head items; /* struct epitem.ep_link, in report order */
	u32 nitems;
	u32 sleepers; /* tasks in epoll_wait on it */
	u32 claimed;  /* of those, woken by an exclusive item's wake, not yet scanned */
	struct file *file; /* its own file, not a reference: for the loop check */
};

struct epitem {
	struct eventpoll *ep;	 /* the owner */
	struct file *file;	 /* watched; alive while the item is (above) */
	int fd;			 /* the descriptor number it was added as */
	u32 events;		 /* asked, with EPOLLERR | EPOLLHUP; only private bits once a oneshot fired */
	u64 data;		 /* returned with each report */
	u32 last;		 /* ET: the file's mask when last looked at */
	bool edge;		 /* marked: to be reported if ready (ET, exclusive) */
	bool keyed;		 /* its file is poll_keyed: in keyed_items, not et_items */
	struct list_head ep_link; /* in ep->items */
	struct list_head et_link; /* in et_items while EPOLLET, unless keyed */
	struct list_head key_link; /* in keyed_items, when keyed */
	struct epitem *file_next; /* the next item watching the same file */
};

/* Every EPOLLET item of every epoll: what eventpoll_wake looks at. */
static struct list_head et_items = LIST_HEAD_INIT(et_items);
/* Every item of a poll_keyed file, in the order added: what
 * eventpoll_wake_queue looks at. */
static struct list_head keyed_items = LIST_HEAD_INIT(keyed_items);

static const struct file_ops eventpoll_ops;

static struct fs_node eventpoll_node = {
	.name = "[eventpoll]",
	.name_len = 11,
	.ino = 7,
	.mode = 0600, /* an anonymous inode: no file type bits */
	.nlink = 1,
	.parent = &fs_root,
};

static bool is_epoll(const struct file *f)
{
	return f->ops == &eventpoll_ops;
}

static u32 ep_ready_mask(struct eventpoll *ep, int depth);

/* What the item's file has ready now (interrupts off). */
static u32 ep_item_poll(struct epitem *epi, int depth)
{
	if (is_epoll(epi->file))
		return ep_ready_mask(epi->file->private_data, depth + 1);
	return file_poll(epi->file);
}

/* Is epi reported only when marked (edge)? */
static bool ep_item_marked_only(const struct epitem *epi)
{
	return (epi->events & EPOLLET) || (epi->keyed && (epi->events & EPOLLEXCLUSIVE));
}

/* Would epi be reported now (without taking it)? */
static bool ep_item_ready(struct epitem *epi, int depth)
{
	if (!(epi->events & ~EP_PRIVATE_BITS))
		return false; /* a oneshot that fired */
	if (ep_item_marked_only(epi) && !epi->edge)
		return false;
	return ep_item_poll(epi, depth) & epi->events;
}

/* An epoll's own poll: readable while one of its items would be reported. */
static u32 ep_ready_mask(struct eventpoll *ep, int depth)
{
	struct epitem *epi;

	if (depth > EP_MAX_NESTS)
		return 0; /* no deeper chain can be built (ep_loop_check) */
	list_for_each_entry(epi, &ep->items, ep_link)
	{
		if (ep_item_ready(epi, depth))
			return POLLIN | POLLRDNORM;
	}
	return 0;
}

static u32 eventpoll_poll(struct file *f)
{
	return ep_ready_mask(f->private_data, 0);
}

/* Look at one ET item's file: a bit asked for that rose is an edge. */
static void ep_item_look(struct epitem *epi)
{
	u32 mask;

	if (epi->file->ops && epi->file->ops->poll_per_task) {
		epi->edge = true; /* as Linux's wake of a signalfd: the report asks */
		return;
	}
	mask = ep_item_poll(epi, 0);

	if (mask & ~epi->last & epi->events & ~EP_PRIVATE_BITS)
		epi->edge = true;
	epi->last = mask;
}

bool eventpoll_et_active(void)
{
	return !list_empty(&et_items);
}

/* Does epi wait on the queue of src named (eventpoll_wake_queue)? */
static bool ep_item_on_queue(const struct epitem *epi, const void *src, bool write_side)
{
	u32 acc = epi->file->flags & O_ACCMODE;

	if (epi->file->private_data != src)
		return false;
	return write_side ? acc != O_RDONLY : acc != O_WRONLY;
}

/* Linux's ep_poll_callback for an exclusive item: whether the wake counts
 * as taken (its epoll has a waiter, and the key is the one direction the
 * item asks for, or no key). */
static bool ep_exclusive_takes(struct epitem *epi, u32 key)
{
	struct eventpoll *ep = epi->ep;
	u32 inout = key & (EPOLLIN | EPOLLOUT);

	if (ep->sleepers <= ep->claimed)
		return false;
	if (inout && (inout == (EPOLLIN | EPOLLOUT) || !(epi->events & inout)))
		return false;
	ep->claimed++;
	return true;
}

void eventpoll_wake_queue(const void *src, bool write_side, u32 key, bool all)
{
	struct epitem *epi;
	u32 flags = irq_save();

	/* Linux's non-exclusive entries are at the queue's head: all marked */
	list_for_each_entry(epi, &keyed_items, key_link)
	{
		if (!ep_item_on_queue(epi, src, write_side) || (epi->events & EPOLLEXCLUSIVE))
			continue;
		if ((epi->events & ~EP_PRIVATE_BITS) && (!key || (key & epi->events)))
			epi->edge = true;
	}
	list_for_each_entry(epi, &keyed_items, key_link)
	{
		if (!ep_item_on_queue(epi, src, write_side) || !(epi->events & EPOLLEXCLUSIVE))
			continue;
		if (!(epi->events & ~EP_PRIVATE_BITS) || (key && !(key & epi->events)))
			continue;
		epi->edge = true;
		if (!all && ep_exclusive_takes(epi, key))
			break;
	}
	irq_restore(flags);
}

void eventpoll_wake(void)
{
	struct epitem *epi;
	u32 flags = irq_save();

	list_for_each_entry(epi, &et_items, et_link)
	{
		ep_item_look(epi);
	}
	irq_restore(flags);
}

/* ---- items ------------------------------------------------------------------ */

static struct epitem *ep_find(struct eventpoll *ep, struct file *f, int fd)
{
	struct epitem *epi;

	for (epi = f->epoll_items; epi; epi = epi->file_next)
		if (epi->ep == ep && epi->fd == fd)
			return epi;
	return NULL;
}

/* Set what epi asks for (ADD, MOD) and look at its file once, as Linux's
 * ep_insert and ep_modify poll it, whatever the item: a file ready now is
 * reported next. */
static void ep_item_set(struct epitem *epi, u32 events, u64 data)
{
	bool was_et = epi->events & EPOLLET;

	epi->events = events | EPOLLERR | EPOLLHUP;
	epi->data = data;
	epi->last = 0;
	epi->edge = false;
	if (epi->keyed) { /* Linux's ep_insert and ep_modify queue it if ready */
		epi->edge = (ep_item_poll(epi, 0) & epi->events & ~EP_PRIVATE_BITS) != 0;
		return;
	}
	if ((events & EPOLLET) && !was_et)
		list_add_tail(&epi->et_link, &et_items);
	else if (!(events & EPOLLET) && was_et)
		list_del(&epi->et_link);
	if (events & EPOLLET)
		ep_item_look(epi);
	else /* a poll with an effect (/proc/mounts takes its event) has it now */
		(void)ep_item_poll(epi, 0);
}

static void ep_remove(struct epitem *epi)
{
	struct epitem **pp = &epi->file->epoll_items;

	while (*pp != epi)
		pp = &(*pp)->file_next;
	*pp = epi->file_next;
	list_del(&epi->ep_link);
	if (epi->keyed)
		list_del(&epi->key_link);
	else if (epi->events & EPOLLET)
		list_del(&epi->et_link);
	epi->ep->nitems--;
	kfree(epi);
}

void eventpoll_release(struct file *f)
{
	u32 flags = irq_save();

	while (f->epoll_items)
		ep_remove(f->epoll_items);
	irq_restore(flags);
}

static void eventpoll_release_ep(struct file *f)
{
	struct eventpoll *ep = f->private_data;
	u32 flags = irq_save();

	while (!list_empty(&ep->items))
		ep_remove(list_first_entry(&ep->items, struct epitem, ep_link));
	irq_restore(flags);
	kfree(ep);
}

/* The longest chain of epolls below ep (0: it watches no epoll), or -1 for
 * a chain that reaches `target` or goes deeper than EP_MAX_NESTS. */
static int ep_depth_down(struct eventpoll *ep, struct eventpoll *target, int depth)
{
	struct epitem *epi;
	int deepest = 0;

	if (ep == target || depth > EP_MAX_NESTS)
		return -1;
	list_for_each_entry(epi, &ep->items, ep_link)
	{
		if (!is_epoll(epi->file))
			continue;
		int d = ep_depth_down(epi->file->private_data, target, depth + 1);

		if (d < 0)
			return -1;
		if (d + 1 > deepest)
			deepest = d + 1;
	}
	return deepest;
}

/* The longest chain of epolls above ep (0: no epoll watches it). */
static int ep_depth_up(struct eventpoll *ep, int depth)
{
	int highest = 0;

	if (depth > EP_MAX_NESTS)
		return depth;
	for (struct epitem *epi = ep->file->epoll_items; epi; epi = epi->file_next) {
		int d = ep_depth_up(epi->ep, depth + 1) + 1;

		if (d > highest)
			highest = d;
	}
	return highest;
}

/* Linux's ep_loop_check: adding the epoll `to` into ep must close no
 * cycle and make no chain of more than EP_MAX_NESTS epolls below the top. */
static bool ep_loop_check(struct eventpoll *ep, struct eventpoll *to)
{
	int down = ep_depth_down(to, ep, 0);

	if (down < 0)
		return false;
	return down + 1 + ep_depth_up(ep, 0) <= EP_MAX_NESTS;
}

/* ---- the file and the calls ------------------------------------------------- */

/* Linux's epoll file has no read nor write: EINVAL. */
static long eventpoll_read(struct file *f, void __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EINVAL;
}

static long eventpoll_write(struct file *f, const void __user *buf, size_t n)
{
	(void)f;
	(void)buf;
	(void)n;
	return -EINVAL;
}

static const struct file_ops eventpoll_ops = {
	.read = eventpoll_read,
	.write = eventpoll_write,
	.poll = eventpoll_poll,
	.release = eventpoll_release_ep,
};

long sys_epoll_create1(int flags)
{
	struct eventpoll *ep;
	struct file *f;
	int fd;

	if (flags & ~EPOLL_CLOEXEC)
		return -EINVAL;
	ep = kzalloc(sizeof(*ep));
	f = kzalloc(sizeof(*f));
	if (!ep || !f) {
		kfree(ep);
		kfree(f);
		return -ENOMEM;
	}
	list_init(&ep->items);
	ep->file = f;
	f->ops = &eventpoll_ops;
	f->node = &eventpoll_node;
	f->flags = O_RDWR;
	f->refs = 1;
	f->private_data = ep;
	fd = fd_install(f, flags & EPOLL_CLOEXEC);
	if (fd < 0) {
		kfree(ep);
		kfree(f);
	}
	return fd;
}

long sys_epoll_create(int size)
{
	if (size <= 0)
		return -EINVAL;
	return sys_epoll_create1(0);
}

static long ep_ctl_locked(struct eventpoll *ep, int op, struct file *tf, int fd,
			  const struct epoll_event *ev)
{
	struct epitem *epi = ep_find(ep, tf, fd);

	switch (op) {
	case EPOLL_CTL_ADD:
		if (epi)
			return -EEXIST;
		if (is_epoll(tf) && !ep_loop_check(ep, tf->private_data))
			return -ELOOP;
		epi = kzalloc(sizeof(*epi));
		if (!epi)
			return -ENOMEM;
		epi->ep = ep;
		epi->file = tf;
		epi->fd = fd;
		epi->keyed = tf->ops && tf->ops->poll_keyed;
		if (epi->keyed)
			list_add_tail(&epi->key_link, &keyed_items);
		list_add_tail(&epi->ep_link, &ep->items);
		ep->nitems++;
		epi->file_next = tf->epoll_items;
		tf->epoll_items = epi;
		ep_item_set(epi, ev->events, ev->data.u64);
		return 0;
	case EPOLL_CTL_DEL:
		if (!epi)
			return -ENOENT;
		ep_remove(epi);
		return 0;
	case EPOLL_CTL_MOD:
		if (!epi)
			return -ENOENT;
		if (epi->events & EPOLLEXCLUSIVE)
			return -EINVAL;
		ep_item_set(epi, ev->events, ev->data.u64);
		return 0;
	default:
		return -EINVAL;
	}
}

/* Linux's do_epoll_ctl order: the event (EFAULT), both descriptors (EBADF),
 * a target that cannot be polled (EPERM), the epoll itself or not an epoll
 * (EINVAL), EPOLLEXCLUSIVE's rules (EINVAL), then the operation. */
long sys_epoll_ctl(int epfd, int op, int fd, struct epoll_event __user *uev)
{
	struct epoll_event ev = {0};
	struct file *f = NULL, *tf = NULL;
	long ret;
	u32 flags;

	if (op != EPOLL_CTL_DEL && copy_from_user(&ev, uev, sizeof(ev)))
		return -EFAULT;
	ret = -EBADF;
	f = fd_get(epfd);
	if (!f)
		goto out;
	tf = fd_get(fd);
	if (!tf)
		goto out;
	ret = -EPERM;
	if (!(tf->ops && tf->ops->poll) && !proc_node_can_poll(tf->node))
		goto out; /* a file of the tree, as Linux's file_can_poll */
	ret = -EINVAL;
	if (f == tf || !is_epoll(f))
		goto out;
	if (op != EPOLL_CTL_DEL && (ev.events & EPOLLEXCLUSIVE)) {
		if (op == EPOLL_CTL_MOD)
			goto out;
		if (op == EPOLL_CTL_ADD &&
		    (is_epoll(tf) || (ev.events & ~EPOLLEXCLUSIVE_OK_BITS)))
			goto out;
	}
	flags = irq_save();
	ret = ep_ctl_locked(f->private_data, op, tf, fd, &ev);
	irq_restore(flags);
	if (!ret && op != EPOLL_CTL_DEL)
		file_poll_wake(); /* a waiter sees an item ready now (Linux's ep_insert) */
out:
	if (tf)
		file_put(tf);
	if (f)
		file_put(f);
	return ret;
}

struct ep_scan_ctx {
	struct eventpoll *ep;
	struct epoll_event ev[EP_BATCH];
	int max;
};

/* Take what is to be reported (interrupts off, poll_wait's scan). */
static long ep_scan(void *arg)
{
	struct ep_scan_ctx *c = arg;
	struct epitem *epi, *tmp;
	struct list_head reported = LIST_HEAD_INIT(reported);
	int n = 0;

	if (c->ep->claimed) /* this waiter takes one exclusive wake */
		c->ep->claimed--;
	list_for_each_entry_safe(epi, tmp, &c->ep->items, ep_link)
	{
		u32 mask;

		if (n == c->max)
			break;
		if (!(epi->events & ~EP_PRIVATE_BITS))
			continue;
		if (ep_item_marked_only(epi)) {
			if (!epi->edge)
				continue;
			epi->edge = false;
		}
		mask = ep_item_poll(epi, 0) & epi->events;
		if (!mask)
			continue;
		if (!(epi->events & EPOLLET) && ep_item_marked_only(epi))
			epi->edge = true; /* level-triggered: queued again, as Linux */
		c->ev[n].events = mask;
		c->ev[n].data.u64 = epi->data;
		n++;
		if (epi->events & EPOLLONESHOT)
			epi->events &= EP_PRIVATE_BITS;
		/* to the end: the next call looks at the others first */
		list_del(&epi->ep_link);
		list_add_tail(&epi->ep_link, &reported);
	}
	while (!list_empty(&reported)) {
		epi = list_first_entry(&reported, struct epitem, ep_link);
		list_del(&epi->ep_link);
		list_add_tail(&epi->ep_link, &c->ep->items);
	}
	return n;
}

/* Linux's do_epoll_wait (probed on 6.18): the descriptor (EBADF), maxevents
 * (EINVAL), the buffer (EFAULT), an epoll (EINVAL), then the wait.  A signal ends it with EINTR,
 * never restarted, whatever SA_RESTART says (Linux's ep_poll). */
static long ep_wait(int epfd, struct epoll_event __user *uevents, int maxevents, u64 deadline)
{
	struct ep_scan_ctx ctx, *c = &ctx; /* 392 bytes of the 8 KiB stack: no ENOMEM, as Linux */
	struct file *f;
	long ret;

	f = fd_get(epfd);
	if (!f)
		return -EBADF;
	ret = -EINVAL;
	if (maxevents <= 0 || maxevents > EP_MAX_EVENTS)
		goto out;
	ret = -EFAULT;
	if (!user_range_ok(uevents, (size_t)maxevents * sizeof(struct epoll_event), true))
		goto out;
	ret = -EINVAL;
	if (!is_epoll(f))
		goto out;
	c->ep = f->private_data;
	c->max = maxevents < EP_BATCH ? maxevents : EP_BATCH;
	c->ep->sleepers++;
	ret = poll_wait(ep_scan, c, deadline);
	c->ep->sleepers--;
	if (c->ep->claimed > c->ep->sleepers)
		c->ep->claimed = c->ep->sleepers;
	if (ret == -ERESTARTNOHAND)
		ret = -EINTR;
	if (ret > 0 && copy_to_user(uevents, c->ev, (size_t)ret * sizeof(struct epoll_event)))
		ret = -EFAULT;
out:
	file_put(f);
	return ret;
}

static long ep_pwait(int epfd, struct epoll_event __user *uevents, int maxevents, u64 deadline,
		     const abi_sigset_t __user *umask, u32 sigsetsize)
{
	abi_sigset_t mask;
	long ret;

	if (umask) {
		ret = poll_mask_get(umask, sigsetsize, &mask);
		if (ret)
			return ret;
		poll_mask_apply(mask);
	}
	ret = ep_wait(epfd, uevents, maxevents, deadline);
	/* interrupted: the old mask comes back after the handler, as ppoll */
	if (umask)
		poll_mask_restore(ret == -EINTR ? -ERESTARTNOHAND : ret);
	return ret;
}

long sys_epoll_pwait(int epfd, struct epoll_event __user *uevents, int maxevents, int timeout_ms,
		     const abi_sigset_t __user *umask, u32 sigsetsize)
{
	u64 deadline = KTIME_MAX;

	if (timeout_ms >= 0)
		deadline = ktime_add_sat(clock_monotonic_ns(), (u64)timeout_ms * 1000000ull);
	return ep_pwait(epfd, uevents, maxevents, deadline, umask, sigsetsize);
}

long sys_epoll_wait(int epfd, struct epoll_event __user *uevents, int maxevents, int timeout_ms)
{
	return sys_epoll_pwait(epfd, uevents, maxevents, timeout_ms, NULL, 0);
}

long sys_epoll_pwait2(int epfd, struct epoll_event __user *uevents, int maxevents,
		      const void __user *uts, const abi_sigset_t __user *umask,
		      u32 sigsetsize)
{
	u64 deadline = KTIME_MAX, ns;

	if (uts) { /* Linux's __kernel_timespec: 64-bit seconds on i386 too */
		int rc = get_user_ktime(uts, true, &ns);

		if (rc)
			return rc;
		deadline = ktime_add_sat(clock_monotonic_ns(), ns);
	}
	return ep_pwait(epfd, uevents, maxevents, deadline, umask, sigsetsize);
}
