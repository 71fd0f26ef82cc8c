/*
 * Pipes: pipe (42) and pipe2 (331), as Linux's fs/pipe.c.
 *
 * A pipe is a byte ring of PIPE_PAGES pages (PIPE_CAPACITY bytes) and two
 * files, its read end and its write end.  Linux's default is 16 pages
 * (F_GETPIPE_SZ says 65536); tick386 holds 4 (16384 bytes), which
 * fcntl's F_GETPIPE_SZ says (pipe_get_size); F_SETPIPE_SZ cannot change
 * it (EINVAL, fs/fcntl.c).  What POSIX promises holds: a write
 * of at most PIPE_BUF (4096) bytes is atomic (it waits, or says EAGAIN,
 * until all of it fits), and POLLOUT means such a write will not block
 * (Linux: a free slot of a page).
 *
 * read takes what is there (at most n bytes) and returns; it waits only
 * while the ring is empty and a writer is open; no writer and empty is 0
 * (end of file).  write of n > PIPE_BUF bytes goes in pieces as room
 * appears and returns when all is in, or earlier with the count written so
 * far when a handler is to run (-ERESTARTSYS only when nothing was
 * written) or the readers are gone.  With no reader a write sends SIGPIPE
 * to the writing thread (always, as Linux: blocked, it stays pending;
 * ignored, it is dropped) and returns -EPIPE, or the count written before.
 *
 * Lifetime.  Each end is one struct file (fs/file.h); the pipe counts the
 * open files of each end (readers, writers: one per struct file, whatever
 * dup and fork do to its descriptors) and is freed, its pages returned,
 * when the last file of both ends is released.  A sleeper holds its own
 * end through sys_read's or sys_write's reference (fd_get), so the pipe and
 * its wait queues outlive every sleeper; releasing an end wakes the other
 * end's sleepers (end of file, EPIPE) and pollers.
 *
 * Locking: every field below changes in system calls only, with interrupts
 * off around each test-then-sleep (wait.h) and no preemption on one CPU.
 * With several CPUs a per-pipe lock (Linux's pipe->mutex) would guard
 * start, len, readers and writers, dropped around the sleeps.
 */
#include "arch/i386/cpu.h"
#include "arch/i386/memlayout.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/fifo.h"
#include "fs/syscalls.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include "kernel/time/ktimer.h"
#include "lib/ktime.h"
#include "lib/string.h"
#include "mm/kheap.h"
#include "mm/pmm.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/poll.h>
#include <abi/stat.h>
#include <abi/termios.h>

#define PIPE_PAGES    4
#define PIPE_CAPACITY (PIPE_PAGES * PAGE_SIZE)
#define PIPE_BUF      4096 /* the atomic write size, <limits.h>'s */

struct pipe {
	u32 page[PIPE_PAGES]; /* physical pages of the ring, owned: freed with the pipe */
	u32 start;	      /* ring offset of the first unread byte */
	u32 len;	      /* bytes unread */
	u32 readers;	      /* open files of the read end */
	u32 writers;	      /* open files of the write end */
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

static u8 *ring_at(struct pipe *p, u32 off)
{
	return (u8 *)PHYS_TO_VIRT(p->page[off / PAGE_SIZE]) + off % PAGE_SIZE;
}

/* The bytes contiguous in one page from ring offset off, at most n. */
static u32 ring_chunk(u32 off, u32 n)
{
	u32 room = PAGE_SIZE - off % PAGE_SIZE;

	return n < room ? n : room;
}

static void pipe_wake(struct wait_queue *wq)
{
	wait_wake_all(wq);
	file_poll_wake();
}

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

static long pipe_read(struct file *f, void __user *buf, size_t n)
{
	struct pipe *p = f->private_data;
	long ret = 0;

	if (n == 0)
		return 0;
	for (;;) {
		u32 flags;
		int rc;

		while (p->len && (size_t)ret < n) {
			u32 c = ring_chunk(p->start, p->len);

			if (c > n - (size_t)ret)
				c = (u32)(n - (size_t)ret);
			if (copy_to_user((u8 __user *)buf + ret, ring_at(p, p->start), c))
				return ret ? ret : -EFAULT; /* nothing consumed for the failed piece */
			p->start = (p->start + c) % PIPE_CAPACITY;
			p->len -= c;
			ret += (long)c;
		}
		if (ret) {
			pipe_wake(&p->wr_wait);
			return ret;
		}
		flags = irq_save();
		if (p->len) {
			irq_restore(flags);
			continue;
		}
		if (!p->writers) {
			irq_restore(flags);
			return 0;
		}
		if (f->flags & O_NONBLOCK) {
			irq_restore(flags);
			return -EAGAIN;
		}
		rc = wait_sleep(&p->rd_wait, KTIMER_MONOTONIC, KTIME_MAX);
		irq_restore(flags);
		if (rc == -EINTR) /* a handler to run, or killed: the task ends on its way out */
			return -ERESTARTSYS;
	}
}

static long pipe_write(struct file *f, const void __user *buf, size_t n)
{
	struct pipe *p = f->private_data;
	long ret = 0;

	if (n == 0)
		return 0;
	for (;;) {
		u32 room, flags;
		int rc;

		if (!p->readers) {
			pipe_sigpipe();
			return ret ? ret : -EPIPE;
		}
		room = PIPE_CAPACITY - p->len;
		/* a write of <= PIPE_BUF goes in whole or not at all */
		if (room && (n > PIPE_BUF || room >= n)) {
			while (room && (size_t)ret < n) {
				u32 end = (p->start + p->len) % PIPE_CAPACITY;
				u32 c = ring_chunk(end, room);

				if (c > n - (size_t)ret)
					c = (u32)(n - (size_t)ret);
				if (copy_from_user(ring_at(p, end), (const u8 __user *)buf + ret, c)) {
					if (ret)
						pipe_wake(&p->rd_wait);
					return ret ? ret : -EFAULT;
				}
				p->len += c;
				room -= c;
				ret += (long)c;
			}
			pipe_wake(&p->rd_wait);
			if ((size_t)ret == n)
				return ret;
		}
		flags = irq_save();
		if (p->len < PIPE_CAPACITY && (n > PIPE_BUF || PIPE_CAPACITY - p->len >= n) &&
		    p->readers) {
			irq_restore(flags);
			continue; /* a reader made room meanwhile */
		}
		if (!p->readers) {
			irq_restore(flags);
			continue; /* EPIPE at the top */
		}
		if (f->flags & O_NONBLOCK) {
			irq_restore(flags);
			return ret ? ret : -EAGAIN;
		}
		rc = wait_sleep(&p->wr_wait, KTIMER_MONOTONIC, KTIME_MAX);
		irq_restore(flags);
		if (rc == -EINTR)
			return ret ? ret : -ERESTARTSYS;
	}
}

/* Linux's pipe_poll: the end's own direction, and what the other end's
 * closing means to it. */
static u32 pipe_poll(struct file *f)
{
	struct pipe *p = f->private_data;
	u32 mask = 0;

	if ((f->flags & O_ACCMODE) != O_WRONLY) {
		if (p->len)
			mask |= POLLIN | POLLRDNORM;
		if (!p->writers)
			mask |= POLLHUP;
	}
	if ((f->flags & O_ACCMODE) != O_RDONLY) {
		if (PIPE_CAPACITY - p->len >= PIPE_BUF)
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
	int count = (int)p->len;

	if (cmd != FIONREAD)
		return -ENOTTY;
	return copy_to_user((void __user *)arg, &count, sizeof(count)) ? -EFAULT : 0;
}

long pipe_get_size(struct file *f)
{
	return f->ops == &pipe_ops ? (long)PIPE_CAPACITY : -EBADF; /* Linux's get_pipe_info */
}

static void pipe_free(struct pipe *p)
{
	for (int i = 0; i < PIPE_PAGES; i++)
		if (p->page[i])
			pmm_free_page(p->page[i]);
	kfree(p);
}

/* One open of an end goes (a FIFO open that failed, or a release). */
static void pipe_drop_end(struct pipe *p, u32 accmode)
{
	if (accmode != O_WRONLY) {
		p->readers--;
		pipe_wake(&p->wr_wait); /* writers: EPIPE */
	}
	if (accmode != O_RDONLY) {
		p->writers--;
		pipe_wake(&p->rd_wait); /* readers: end of file */
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
	for (int i = 0; i < PIPE_PAGES; i++) {
		p->page[i] = pmm_alloc_page();
		if (!p->page[i]) {
			pipe_free(p);
			return NULL;
		}
	}
	wait_queue_init(&p->rd_wait);
	wait_queue_init(&p->wr_wait);
	return p;
}

/*
 * Linux's do_pipe2 order: the flags (-EINVAL), the pipe (-ENFILE, as
 * Linux's create_pipe_files), its two files (-ENOMEM), two descriptors
 * (-EMFILE), the array (-EFAULT); any failure leaves no descriptor, file
 * or page behind.  The ring's pages are taken here, not at the first
 * write as Linux does: a write never fails for memory.
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
		pipe_wake(&p->wr_wait);
	}
	if (acc != O_RDONLY) {
		p->writers++;
		p->w_counter++;
		pipe_wake(&p->rd_wait);
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
