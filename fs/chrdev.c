/*
 * Character devices by number, and the one driver behind them: Linux's
 * memory devices, major 1 (its drivers/char/mem.c):
 *
 *   1:3 /dev/null  reads end of file; writes are taken whole, unread
 *   1:5 /dev/zero  reads zeros; writes as /dev/null; mmap is anonymous
 *                  memory (MAP_PRIVATE) or shared anonymous memory
 *                  (MAP_SHARED, Linux's shmem_zero_setup)
 *   1:7 /dev/full  reads zeros; writes -ENOSPC
 *
 * All three: lseek puts the offset at 0 and returns 0 whatever is asked
 * (Linux's null_lseek); pread and pwrite are allowed (the offset is not
 * used); poll has no op, so poll and select see them always ready and
 * epoll_ctl refuses them (-EPERM, Linux's file_can_poll); ioctl -ENOTTY;
 * mmap of /dev/null and /dev/full -ENODEV (no mmap op).  Reads and writes
 * take the checks of vfs_read/vfs_write before the device has a say
 * (fs/read_write.c: the access mode, then the buffer's range: -EFAULT),
 * then a negative count -EINVAL and a count above MAX_RW_COUNT cut to it
 * (rw_verify_area).  A read of zeros into pages that fault stops there:
 * the bytes done, or -EFAULT if none (Linux's read_zero), and a pending
 * signal ends a long one after the page in progress.
 *
 * Not built: /dev/random (1:8) and /dev/urandom (1:9).  tick386 has no
 * random source (no getrandom(2), no entropy pool), and a device that
 * handed out predictable bytes as random would be a stub that pretends:
 * their numbers open as -ENXIO, as any number without a driver here
 * (1:1 mem, 1:2 kmem, 1:4 port, 1:11 kmsg, any other major), which is
 * what Linux answers for a number no driver registered.
 */
#include "fs/chrdev.h"
#include "arch/i386/memlayout.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "kernel/printk.h"
#include "kernel/signal/signal.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/stat.h>

#define MEM_MAJOR    1
#define MAX_RW_COUNT 0x7ffff000u /* Linux's INT_MAX & PAGE_MASK */
#define ZERO_CHUNK   4096u	 /* Linux's read_zero: a page at a time */

/* rw_verify_area's count rules: negative -EINVAL, else at most MAX_RW_COUNT. */
static long rw_count(size_t n)
{
	if ((long)n < 0)
		return -EINVAL;
	return (long)(n > MAX_RW_COUNT ? MAX_RW_COUNT : n);
}

static long null_read(struct file *f, void __user *buf, size_t n)
{
	long count = rw_count(n);

	(void)f, (void)buf;
	return count < 0 ? count : 0;
}

static long null_write(struct file *f, const void __user *buf, size_t n)
{
	(void)f, (void)buf;
	return rw_count(n);
}

static long full_write(struct file *f, const void __user *buf, size_t n)
{
	long count = rw_count(n);

	(void)f, (void)buf;
	return count < 0 ? count : -ENOSPC;
}

/*
 * Zeros into buf: a chunk of ZERO_CHUNK bytes at a time, each cut at the
 * page boundary it crosses, so that a fault stops the read at the first
 * page that cannot be written, as Linux's clear_user does.
 */
static long zero_read(struct file *f, void __user *buf, size_t n)
{
	static const u8 zeros[ZERO_CHUNK];
	long count = rw_count(n);
	u32 done = 0;

	(void)f;
	if (count < 0)
		return count;
	while (done < (u32)count) {
		u32 chunk = (u32)count - done < ZERO_CHUNK ? (u32)count - done : ZERO_CHUNK;
		u32 at = (u32)(uintptr_t)buf + done, first = PAGE_SIZE - (at & (PAGE_SIZE - 1));

		if (first > chunk)
			first = chunk;
		if (copy_to_user((u8 __user *)buf + done, zeros, first))
			return done ? (long)done : -EFAULT;
		if (chunk > first && copy_to_user((u8 __user *)buf + done + first, zeros, chunk - first))
			return (long)(done + first);
		done += chunk;
		if (signal_pending(current))
			break;
	}
	return (long)done;
}

static s64 null_llseek(struct file *f, s64 offset, int whence)
{
	(void)offset, (void)whence;
	f->pos = 0;
	return 0;
}

static const struct file_ops null_ops = {
	.read = null_read,
	.write = null_write,
	.llseek = null_llseek,
	.positional = true,
};

static const struct file_ops zero_ops = {
	.read = zero_read,
	.write = null_write,
	.llseek = null_llseek,
	.positional = true,
	.mmap_anon = true,
};

static const struct file_ops full_ops = {
	.read = zero_read,
	.write = full_write,
	.llseek = null_llseek,
	.positional = true,
};

static const struct {
	const char *name;
	u32 minor;
	const struct file_ops *ops;
} mem_devices[] = {
	{"null", 3, &null_ops},
	{"zero", 5, &zero_ops},
	{"full", 7, &full_ops},
};

#define MEM_NDEVICES (sizeof(mem_devices) / sizeof(mem_devices[0]))

int chrdev_open(struct file *f, const struct fs_node *n)
{
	if (CHRDEV_MAJOR(n->rdev) != MEM_MAJOR)
		return -ENXIO;
	for (u32 i = 0; i < MEM_NDEVICES; i++)
		if (mem_devices[i].minor == CHRDEV_MINOR(n->rdev)) {
			f->ops = mem_devices[i].ops;
			return 0;
		}
	return -ENXIO;
}

/* As devtmpfs makes them: crw-rw-rw- root root. */
void chrdev_init(void)
{
	struct fs_node *dev = fs_tree_child(&fs_root, "dev", 3);

	for (u32 i = 0; dev && i < MEM_NDEVICES; i++) {
		const char *name = mem_devices[i].name;

		if (!fs_tree_node(dev, name, strlen(name), S_IFCHR | 0666,
				  CHRDEV_MKDEV(MEM_MAJOR, mem_devices[i].minor)))
			kprintf("tick386: /dev/%s not made\n", name);
	}
	if (!dev)
		kprintf("tick386: /dev not made\n");
}
