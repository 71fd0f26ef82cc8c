/*
 * eventfd (323) and eventfd2 (328), as Linux's fs/eventfd.c: a 64-bit
 * counter read and written through a file descriptor.
 *
 * write adds its 8-byte value to the count; the count never exceeds
 * EVENTFD_MAX (2^64 - 2), a write that would pass it waits (EAGAIN with
 * O_NONBLOCK) for a read, and the value 2^64 - 1 is EINVAL; a write of
 * any size but 8 is EINVAL.  read returns
 * the count and zeroes it (EFD_SEMAPHORE: returns 1 and takes 1); at 0 it
 * waits (EAGAIN).  A read buffer of fewer than 8 bytes is EINVAL.
 * poll: POLLIN while the count is not 0, POLLOUT while one more write of 1
 * fits, POLLERR at the ceiling (Linux's eventfd_poll).
 *
 * Lifetime: owned by its file (private_data), freed by the last file_put;
 * a sleeper holds the file through sys_read's or sys_write's reference,
 * so the wait queue outlives it.  Locking: count changes in system calls
 * with interrupts off around each test-then-sleep; with several CPUs a
 * per-eventfd spin lock (Linux's wqh.lock) would guard count and the
 * queue together.
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/syscalls.h"
#include "kernel/task/wait.h"
#include "kernel/time/ktimer.h"
#include "lib/ktime.h"
#include "mm/kheap.h"
#include <abi/errno.h>
#include <abi/eventfd.h>
#include <abi/poll.h>

#define EVENTFD_MAX 0xfffffffffffffffeull

struct eventfd {
	u64 count;		/* guarded by interrupts off (above) */
	bool semaphore;		/* EFD_SEMAPHORE, fixed at creation */
	struct wait_queue wait; /* readers at 0 and writers at the ceiling */
};

static struct fs_node eventfd_node = {
	.name = "[eventfd]",
	.name_len = 9,
	.ino = 6,
	.mode = 0600, /* an anonymous inode: no file type bits */
	.nlink = 1,
	.parent = &fs_root,
};

static void eventfd_wake(struct eventfd *efd)
{
	wait_wake_all(&efd->wait);
	file_poll_wake();
}

static long eventfd_read(struct file *f, void __user *buf, size_t n)
{
	struct eventfd *efd = f->private_data;
	u64 value;
	u32 flags;

	if (n < sizeof(u64))
		return -EINVAL;
	/* Linux checks nothing else first: a bad buffer is EFAULT after the
	 * count was taken (lost), as there. */
	flags = irq_save();
	while (!efd->count) {
		if (f->flags & O_NONBLOCK) {
			irq_restore(flags);
			return -EAGAIN;
		}
		if (wait_sleep(&efd->wait, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR) {
			irq_restore(flags);
			return -ERESTARTSYS;
		}
	}
	value = efd->semaphore ? 1 : efd->count;
	efd->count -= value;
	eventfd_wake(efd);
	irq_restore(flags);
	return copy_to_user(buf, &value, sizeof(value)) ? -EFAULT : (long)sizeof(value);
}

static long eventfd_write(struct file *f, const void __user *buf, size_t n)
{
	struct eventfd *efd = f->private_data;
	u64 value;
	u32 flags;

	if (n != sizeof(u64))
		return -EINVAL; /* exactly 8 (probed: 16 is EINVAL too), a read takes more */
	if (copy_from_user(&value, buf, sizeof(value)))
		return -EFAULT;
	if (value == ~0ull)
		return -EINVAL;
	flags = irq_save();
	while (EVENTFD_MAX - efd->count < value) {
		if (f->flags & O_NONBLOCK) {
			irq_restore(flags);
			return -EAGAIN;
		}
		if (wait_sleep(&efd->wait, KTIMER_MONOTONIC, KTIME_MAX) == -EINTR) {
			irq_restore(flags);
			return -ERESTARTSYS;
		}
	}
	efd->count += value;
	if (value)
		eventfd_wake(efd);
	irq_restore(flags);
	return sizeof(value);
}

static u32 eventfd_poll(struct file *f)
{
	struct eventfd *efd = f->private_data;
	u32 mask = 0;

	if (efd->count)
		mask |= POLLIN | POLLRDNORM;
	if (efd->count == ~0ull)
		mask |= POLLERR; /* only eventfd_signal's overflow reaches it */
	if (efd->count < EVENTFD_MAX)
		mask |= POLLOUT | POLLWRNORM;
	return mask;
}

static void eventfd_release(struct file *f)
{
	kfree(f->private_data);
}

static const struct file_ops eventfd_ops = {
	.read = eventfd_read,
	.write = eventfd_write,
	.poll = eventfd_poll,
	.release = eventfd_release,
};

long sys_eventfd2(u32 initval, int flags)
{
	struct eventfd *efd;
	struct file *f;
	int fd;

	if (flags & ~(EFD_SEMAPHORE | EFD_CLOEXEC | EFD_NONBLOCK))
		return -EINVAL;
	efd = kzalloc(sizeof(*efd));
	f = kzalloc(sizeof(*f));
	if (!efd || !f) {
		kfree(efd);
		kfree(f);
		return -ENOMEM;
	}
	efd->count = initval;
	efd->semaphore = flags & EFD_SEMAPHORE;
	wait_queue_init(&efd->wait);
	f->ops = &eventfd_ops;
	f->node = &eventfd_node;
	f->flags = O_RDWR | (flags & O_NONBLOCK);
	f->refs = 1;
	f->private_data = efd;
	fd = fd_install(f, flags & EFD_CLOEXEC);
	if (fd < 0) {
		kfree(efd);
		kfree(f);
	}
	return fd;
}

long sys_eventfd(u32 initval)
{
	return sys_eventfd2(initval, 0);
}
