/*
 * Pipes: pipe (42) and pipe2 (331), and fcntl's F_GETPIPE_SZ and
 * F_SETPIPE_SZ, as Linux 6.13's fs/pipe.c.
 *
 * A pipe is a ring of slots, each a page holding bytes at [offset,
 * offset + len), and two files, its read end and its write end.  As Linux:
 * the ring has 16 slots at first (65536 bytes, F_GETPIPE_SZ), a page is
 * taken when a write fills a new slot and given back when a read empties
 * one (one is kept for the next write, Linux's tmp_page), and the pipe is
 * full when every slot is in use, whatever each holds.  A write of n
 * bytes first puts n % PAGE_SIZE of them after the last slot's bytes if
 * they fit there (small writes share a page), then fills a new slot with
 * each PAGE_SIZE; so a write of at most PIPE_BUF (4096) bytes is atomic
 * (it goes into one page, or waits, or says EAGAIN), a bigger one goes in
 * pieces as slots free up and returns when all is in, or earlier with the
 * count written so far when a handler is to run (-ERESTARTSYS only when
 * nothing was written), O_NONBLOCK finds the ring full, a page cannot be
 * had (-ENOMEM when nothing was written) or the readers are gone.  With no
 * reader a write sends SIGPIPE to the writing thread (always, as Linux:
 * blocked, it stays pending; ignored, it is dropped) and returns -EPIPE,
 * or the count written before.  POLLOUT means a free slot.
 *
 * read takes what is there (at most n bytes) and returns; it waits only
 * while the ring is empty and a writer is open; no writer and empty is 0
 * (end of file).  A copy that faults consumes nothing of its piece: -EFAULT
 * or the count before it.  (Linux's write leaves an empty slot in the ring
 * when the copy into a new page faults; here the slot is not taken.)
 *
 * F_SETPIPE_SZ (pipe_set_size): the size asked is rounded up to a power of
 * two number of pages, at least one; more than 2^31 is EINVAL; a ring of
 * fewer slots than are in use is EBUSY; more than /proc/sys/fs/pipe-max-size
 * (1048576) is EPERM without CAP_SYS_RESOURCE, which every task has here
 * (all run as root), so the bound is Linux's allocation of the slot array:
 * Linux i386 cannot kcalloc more than KMALLOC_MAX_SIZE (4 MiB) of its
 * 24-byte pipe_buffer, so more than 2^17 slots is ENOMEM, and so here.  The
 * slots in use move to the new array in order, the bytes stay; the answer
 * is the new size.  Linux's per-user page accounting (pipe-user-pages-soft
 * and -hard) spares privileged users, so it has nothing to do here.
 *
 * Wakes.  Sleepers wait on the pipe's rd_wait and wr_wait.  What epoll
 * sees follows Linux's wake-ups of those queues (pipe_wake: fs/select.h's
 * eventpoll_wake_queue, then file_poll_wake): a write wakes the readers'
 * side with EPOLLIN when the pipe was empty or was ever polled (Linux's
 * poll_usage: so an edge-triggered item hears of every write), a read
 * wakes the writers' side with EPOLLOUT when the pipe was full before it,
 * a resize wakes the writers, a release or a FIFO open wakes both, all.
 *
 * Lifetime.  Each end is one struct file (fs/file.h); the pipe counts the
 * open files of each end (readers, writers: one per struct file, whatever
 * dup and fork do to its descriptors) and is freed, its pages returned,
 * when the last file of both ends is released.  A sleeper holds its own
 * end through sys_read's or sys_write's reference (fd_get), so the pipe and
 * its wait queues outlive every sleeper; releasing an end wakes the other
 * end's sleepers (end of file, EPIPE) and pollers.  A resize under a
 * sleeper only replaces the slot array, which no sleeper keeps a pointer
 * into across its sleep.
 *
 * Locking: every field below changes in system calls only, with interrupts
 * off around each test-then-sleep (wait.h) and no preemption on one CPU.
 * With several CPUs a per-pipe lock (Linux's pipe->mutex) would guard
 * the ring, readers and writers, dropped around the sleeps, and the resize
 * would swap the array under the rd_wait lock as Linux's pipe_resize_ring.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/fifo.h"
#include "fs/select.h"
#include "fs/syscalls.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include "kernel/time/ktimer.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include <abi/epoll.h>
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/poll.h>
#include <abi/stat.h>
#include <abi/termios.h>

#define PIPE_DEF_SLOTS 16	  /* Linux's PIPE_DEF_BUFFERS */
#define PIPE_MAX_SLOTS (1u << 17) /* Linux i386's kcalloc bound (above) */

struct pipe_slot {
	u32 page;   /* physical page, owned while the slot is in use */
	u16 offset; /* the first unread byte in it */
	u16 len;    /* bytes unread from offset: 1..PAGE_SIZE */
};

struct pipe {
	struct pipe_slot *slots; /* the ring: nslots, a power of two */
	u32 nslots;
	u32 head, tail;		 /* free running: slots[tail .. head) are in use */
	u32 spare;		 /* a free page kept for the next write, or 0 */
	u32 readers;		 /* open files of the read end */
	u32 writers;		 /* open files of the write end */
	bool poll_usage;	 /* polled once (Linux's): every write wakes the readers */
	struct wait_queue rd_wait; /* readers waiting for bytes or the last writer's close */
	struct wait_queue wr_wait; /* writers waiting for room or the last reader's close */
	/* A FIFO's: its tmpfs node (node->fifo points back while an end is
	 * open; each end's file holds a reference on the node), and the opens
	 * of each end so far, which a blocked open waits to see move. */
	struct fs_node *fifo;
	u32 r_counter, w_counter;
};

/* Both ends fstat as Linux's pipefs inode: a FIFO, 0600, one link. */
static struct fs_node pipe_node = {
	.name = "pipe:",
	.name_len = 5,
	.ino = 5,
	.mode = S_IFIFO | 0600,
	.nlink = 1,
	.parent = &fs_root,
};

static bool pipe_empty(const struct pipe *p)
{
	return p->head == p->tail;
}

static bool pipe_full(const struct pipe *p)
{
	return p->head - p->tail >= p->nslots;
}

static struct pipe_slot *pipe_slot(struct pipe *p, u32 i)
{
	return &p->slots[i & (p->nslots - 1)];
}

static u8 *slot_at(const struct pipe_slot *s, u32 off)
{
	return (u8 *)PHYS_TO_VIRT(s->page) + off;
}

/* One of the pipe's wait queues woken as Linux's wake_up_*_poll(wq, key):
 * its sleepers, the epoll items of the files waiting there (the read
 * end's on rd_wait, the write end's on wr_wait), every poller.  all: every
 * exclusive item too (wake_up_all), else the first one taking it. */
static void pipe_wake(struct pipe *p, bool write_side, u32 key, bool all)
{
	wait_wake_all(write_side ? &p->wr_wait : &p->rd_wait);
	eventpoll_wake_queue(p, write_side, key, all);
	file_poll_wake();
}

#define PIPE_IN_KEY (EPOLLIN | EPOLLRDNORM)
#define PIPE_OUT_KEY (EPOLLOUT | EPOLLWRNORM)

/* Linux's send_sig(SIGPIPE, current, 0): to this thread, SI_USER from itself. */
void pipe_sigpipe(void)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = SIGPIPE;
	info.si_code = SI_USER;
	info.si_pid = current->tgid;
	signal_send_thread(current, SIGPIPE, &info);
}

/* An emptied slot's page: kept for the next write, or freed. */
static void pipe_put_page(struct pipe *p, u32 page)
{
	if (!p->spare)
		p->spare = page;
	else
		pmm_free_page(page);
}

/* Sleep on the end's queue while its call cannot go on: a reader while the
 * ring is empty and a writer is open, a writer while it is full and a
 * reader is open (tested with interrupts off, wait.h).  wait_sleep's answer. */
static int pipe_sleep(struct pipe *p, bool writer)
{
	u32 flags = irq_save();
	int rc = 0;

	if (writer ? pipe_full(p) && p->readers : pipe_empty(p) && p->writers)
		rc = wait_sleep(writer ? &p->wr_wait : &p->rd_wait, KTIMER_MONOTONIC, KTIME_MAX);
	irq_restore(flags);
	return rc;
}

static long pipe_read(struct file *f, void __user *buf, size_t n)
{
	struct pipe *p = f->private_data;
	bool was_full, wake_next = false;
	long ret = 0;

	if (n == 0)
		return 0;
	was_full = pipe_full(p);
	for (;;) {
		while (!pipe_empty(p)) {
			struct pipe_slot *s = pipe_slot(p, p->tail);
			u32 c = s->len;

			if (c > n - (size_t)ret)
				c = (u32)(n - (size_t)ret);
			if (copy_to_user((u8 __user *)buf + ret, slot_at(s, s->offset), c)) {
				if (!ret)
					ret = -EFAULT; /* nothing consumed for the failed piece */
				goto out;
			}
			ret += (long)c;
			s->offset = (u16)(s->offset + c);
			s->len = (u16)(s->len - c);
			if (!s->len) {
				pipe_put_page(p, s->page);
				s->page = 0;
				p->tail++;
			}
			if ((size_t)ret == n)
				goto out;
		}
		if (!p->writers || ret)
			break;
		if (f->flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		if (was_full)
			pipe_wake(p, true, PIPE_OUT_KEY, false);
		if (pipe_sleep(p, false) == -EINTR) /* a handler to run, or killed */
			return -ERESTARTSYS;
		was_full = pipe_full(p);
		wake_next = true;
	}
out:
	if (pipe_empty(p))
		wake_next = false;
	if (was_full)
		pipe_wake(p, true, PIPE_OUT_KEY, false);
	if (wake_next)
		pipe_wake(p, false, PIPE_IN_KEY, false);
	return ret;
}

/* The first piece of a write: n % PAGE_SIZE bytes after the last slot's, if
 * they fit in its page (Linux's merge).  0, the bytes put, or -EFAULT. */
static long pipe_merge(struct pipe *p, const void __user *buf, size_t n)
{
	u32 chars = (u32)(n & (PAGE_SIZE - 1));
	struct pipe_slot *s;
	u32 end;

	if (!chars || pipe_empty(p))
		return 0;
	s = pipe_slot(p, p->head - 1);
	end = (u32)s->offset + s->len;
	if (end + chars > PAGE_SIZE)
		return 0;
	if (copy_from_user(slot_at(s, end), buf, chars))
		return -EFAULT;
	s->len = (u16)(s->len + chars);
	return chars;
}

static long pipe_write(struct file *f, const void __user *buf, size_t n)
{
	struct pipe *p = f->private_data;
	bool was_empty = false, wake_next = false;
	long ret = 0;

	if (n == 0)
		return 0;
	if (!p->readers) {
		pipe_sigpipe();
		ret = -EPIPE;
		goto out;
	}
	was_empty = pipe_empty(p);
	ret = pipe_merge(p, buf, n);
	if (ret < 0 || (size_t)ret == n)
		goto out;
	for (;;) {
		if (!p->readers) {
			pipe_sigpipe();
			if (!ret)
				ret = -EPIPE;
			break;
		}
		if (!pipe_full(p)) {
			struct pipe_slot *s;
			u32 page = p->spare, c = PAGE_SIZE;

			if (!page)
				page = pmm_alloc_page();
			if (!page) {
				if (!ret)
					ret = -ENOMEM;
				break;
			}
			p->spare = 0;
			if (c > n - (size_t)ret)
				c = (u32)(n - (size_t)ret);
			if (copy_from_user((u8 *)PHYS_TO_VIRT(page), (const u8 __user *)buf + ret,
					   c)) {
				pipe_put_page(p, page); /* the slot is not taken (above) */
				if (!ret)
					ret = -EFAULT;
				break;
			}
			s = pipe_slot(p, p->head);
			s->page = page;
			s->offset = 0;
			s->len = (u16)c;
			p->head++;
			ret += (long)c;
			if ((size_t)ret == n)
				break;
			continue;
		}
		if (f->flags & O_NONBLOCK) {
			if (!ret)
				ret = -EAGAIN;
			break;
		}
		if (was_empty)
			pipe_wake(p, false, PIPE_IN_KEY, false);
		if (pipe_sleep(p, true) == -EINTR) {
			if (!ret)
				ret = -ERESTARTSYS;
			break;
		}
		was_empty = pipe_empty(p);
		wake_next = true;
	}
out:
	if (pipe_full(p))
		wake_next = false;
	/* Linux: "Epoll nonsensically wants a wakeup whether the pipe was
	 * already empty or not" */
	if (was_empty || p->poll_usage)
		pipe_wake(p, false, PIPE_IN_KEY, false);
	if (wake_next)
		pipe_wake(p, true, PIPE_OUT_KEY, false);
	return ret;
}

/* Linux's pipe_poll: the end's own direction, and what the other end's
 * closing means to it. */
static u32 pipe_poll(struct file *f)
{
	struct pipe *p = f->private_data;
	u32 mask = 0;

	p->poll_usage = true;
	if ((f->flags & O_ACCMODE) != O_WRONLY) {
		if (!pipe_empty(p))
			mask |= POLLIN | POLLRDNORM;
		if (!p->writers)
			mask |= POLLHUP;
	}
	if ((f->flags & O_ACCMODE) != O_RDONLY) {
		if (!pipe_full(p))
			mask |= POLLOUT | POLLWRNORM;
		if (!p->readers)
			mask |= POLLERR;
	}
	return mask;
}

static const struct file_ops pipe_ops;

static long pipe_ioctl(struct file *f, u32 cmd, u32 arg)
{
	struct pipe *p = f->private_data;
	int count = 0;

	if (cmd != FIONREAD)
		return -ENOTTY;
	for (u32 i = p->tail; i != p->head; i++)
		count += pipe_slot(p, i)->len;
	return copy_to_user((void __user *)arg, &count, sizeof(count)) ? -EFAULT : 0;
}

/* Linux's round_pipe_size: a power of two number of pages, at least one;
 * 0 for more than 2^31. */
static u32 pipe_round_size(u32 size)
{
	u32 r = PAGE_SIZE;

	if (size > (1u << 31))
		return 0;
	while (r < size)
		r <<= 1;
	return r;
}

/* Linux's pipe_set_size and pipe_resize_ring (the bounds: above). */
static long pipe_set_size(struct pipe *p, u32 arg)
{
	u32 size = pipe_round_size(arg), nslots = size / PAGE_SIZE, n;
	struct pipe_slot *slots;

	if (!nslots)
		return -EINVAL;
	/* size > PIPE_MAX_SIZE while growing is EPERM only without
	 * CAP_SYS_RESOURCE, which every task here has */
	if (nslots > PIPE_MAX_SLOTS)
		return -ENOMEM;
	slots = kzalloc(nslots * sizeof(*slots));
	if (!slots)
		return -ENOMEM;
	n = p->head - p->tail;
	if (nslots < n) {
		kfree(slots);
		return -EBUSY;
	}
	for (u32 i = 0; i < n; i++)
		slots[i] = *pipe_slot(p, p->tail + i);
	kfree(p->slots);
	p->slots = slots;
	p->nslots = nslots;
	p->tail = 0;
	p->head = n;
	pipe_wake(p, true, 0, false); /* more room, maybe */
	return (long)size;
}

/* fcntl's F_GETPIPE_SZ and F_SETPIPE_SZ (Linux's pipe_fcntl): -EBADF when
 * f is not a pipe's end. */
long pipe_fcntl(struct file *f, int cmd, u32 arg)
{
	struct pipe *p = f->private_data;

	if (f->ops != &pipe_ops)
		return -EBADF; /* Linux's get_pipe_info */
	if (cmd == F_SETPIPE_SZ)
		return pipe_set_size(p, arg);
	return (long)(p->nslots * PAGE_SIZE);
}

static void pipe_free(struct pipe *p)
{
	while (p->tail != p->head) {
		pmm_free_page(pipe_slot(p, p->tail)->page);
		p->tail++;
	}
	if (p->spare)
		pmm_free_page(p->spare);
	kfree(p->slots);
	kfree(p);
}

/* One open of an end goes (a FIFO open that failed, or a release). */
static void pipe_drop_end(struct pipe *p, u32 accmode)
{
	if (accmode != O_WRONLY) {
		p->readers--;
		pipe_wake(p, true, 0, true); /* writers: EPIPE */
	}
	if (accmode != O_RDONLY) {
		p->writers--;
		pipe_wake(p, false, 0, true); /* readers: end of file */
	}
	if (!p->readers && !p->writers) {
		if (p->fifo)
			p->fifo->fifo = NULL; /* the next open makes a new pipe */
		pipe_free(p); /* no sleeper left: each held an end */
	}
}

static void pipe_release(struct file *f)
{
	pipe_drop_end(f->private_data, f->flags & O_ACCMODE);
}

static const struct file_ops pipe_ops = {
	.read = pipe_read,
	.write = pipe_write,
	.ioctl = pipe_ioctl,
	.poll = pipe_poll,
	.release = pipe_release,
	.poll_keyed = true,
};

static struct file *pipe_file(struct pipe *p, u32 flags)
{
	struct file *f = kzalloc(sizeof(*f));

	if (!f)
		return NULL;
	f->ops = &pipe_ops;
	f->node = &pipe_node;
	f->flags = flags;
	f->refs = 1;
	f->private_data = p;
	return f;
}

static struct pipe *pipe_alloc(void)
{
	struct pipe *p = kzalloc(sizeof(*p));

	if (!p)
		return NULL;
	p->slots = kzalloc(PIPE_DEF_SLOTS * sizeof(*p->slots));
	if (!p->slots) {
		kfree(p);
		return NULL;
	}
	p->nslots = PIPE_DEF_SLOTS;
	wait_queue_init(&p->rd_wait);
	wait_queue_init(&p->wr_wait);
	return p;
}

/*
 * Linux's do_pipe2 order: the flags (-EINVAL), the pipe (-ENFILE, as
 * Linux's create_pipe_files), its two files (-ENOMEM), two descriptors
 * (-EMFILE), the array (-EFAULT); any failure leaves no descriptor, file
 * or page behind.  The ring's pages come with the writes, as Linux's.
 */
long sys_pipe2(int __user *ufds, int flags)
{
	struct file *rf = NULL, *wf = NULL;
	struct pipe *p;
	int fds[2];
	bool cloexec = flags & O_CLOEXEC;

	if (flags & ~(O_CLOEXEC | O_NONBLOCK))
		return -EINVAL; /* Linux also takes O_DIRECT (packet mode): not here */
	p = pipe_alloc();
	if (!p)
		return -ENFILE; /* Linux's answer when the pipe's inode or ring cannot be had */
	rf = pipe_file(p, O_RDONLY | (flags & O_NONBLOCK));
	wf = pipe_file(p, O_WRONLY | (flags & O_NONBLOCK));
	if (!rf || !wf) {
		kfree(rf);
		kfree(wf);
		pipe_free(p);
		return -ENOMEM;
	}
	p->readers = p->writers = 1;
	fds[0] = fd_install(rf, cloexec);
	if (fds[0] < 0) {
		file_put(rf);
		file_put(wf); /* the last end: frees the pipe */
		return fds[0];
	}
	fds[1] = fd_install(wf, cloexec);
	if (fds[1] < 0) {
		fd_uninstall(fds[0]);
		file_put(rf);
		file_put(wf);
		return fds[1];
	}
	if (copy_to_user(ufds, fds, sizeof(fds))) {
		fd_uninstall(fds[0]);
		fd_uninstall(fds[1]);
		file_put(rf);
		file_put(wf);
		return -EFAULT;
	}
	return 0;
}

long sys_pipe(int __user *ufds)
{
	return sys_pipe2(ufds, 0);
}

/*
 * open(2) of a tmpfs FIFO n (Linux's fifo_open), taking the caller's
 * reference on n: the fd, or -errno with n put back.  A reader waits for a
 * writer's open and a writer for a reader's (each end's open count moving
 * is the sign, so an open that comes and goes still wakes it); O_NONBLOCK
 * readers do not wait, O_NONBLOCK writers with no reader get -ENXIO, O_RDWR
 * never waits.  A signal ends the wait: -ERESTARTSYS, so that SA_RESTART
 * opens again, as Linux.
 */
long fifo_open(struct fs_node *n, int flags)
{
	u32 acc = (u32)flags & O_ACCMODE, irq;
	struct pipe *p = n->fifo;
	struct file *f;
	long rc = 0;

	if (acc == 3) { /* Linux's fifo_open: neither read nor write */
		fs_node_put(n);
		return -EINVAL;
	}
	if (!p) {
		p = pipe_alloc();
		if (!p) {
			fs_node_put(n);
			return -ENOMEM;
		}
		p->fifo = n;
		n->fifo = p;
	}
	if (acc == O_WRONLY && (flags & O_NONBLOCK) && !p->readers) {
		rc = -ENXIO;
		goto undo_none;
	}
	if (acc != O_WRONLY) {
		p->readers++;
		p->r_counter++;
		pipe_wake(p, true, 0, true);
	}
	if (acc != O_RDONLY) {
		p->writers++;
		p->w_counter++;
		pipe_wake(p, false, 0, true);
	}
	if (acc == O_RDONLY && !(flags & O_NONBLOCK) && !p->writers) {
		u32 seen = p->w_counter;

		irq = irq_save();
		while (p->w_counter == seen && !rc)
			if (wait_sleep(&p->rd_wait, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR)
				rc = -ERESTARTSYS;
		irq_restore(irq);
	} else if (acc == O_WRONLY && !p->readers) {
		u32 seen = p->r_counter;

		irq = irq_save();
		while (p->r_counter == seen && !rc)
			if (wait_sleep(&p->wr_wait, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR)
				rc = -ERESTARTSYS;
		irq_restore(irq);
	}
	if (rc)
		goto undo;
	f = pipe_file(p, (u32)flags & ~(u32)(O_CREAT | O_EXCL | O_TRUNC | O_NOCTTY));
	if (!f) {
		rc = -ENOMEM;
		goto undo;
	}
	f->node = n; /* the file owns n's reference now */
	rc = fd_install(f, flags & O_CLOEXEC);
	if (rc < 0)
		file_put(f); /* drops the end and n */
	return rc;
undo:
	pipe_drop_end(p, acc);
	fs_node_put(n);
	return rc;
undo_none:
	if (!p->readers && !p->writers) {
		n->fifo = NULL;
		pipe_free(p);
	}
	fs_node_put(n);
	return rc;
}
