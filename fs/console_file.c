/*
 * The console as a file: what fds 0, 1 and 2 of every task are (fs/file.h).
 * It is a character device to fstat, like Linux's /dev/ttyS0 (major 4,
 * minor 64), and it cannot seek.
 */
#include "arch/i386/cpu.h"
#include "fs/file.h"
#include "fs/fs.h"
#include "kernel/tty.h"
#include <abi/errno.h>
#include <abi/fcntl.h>
#include <abi/poll.h>
#include <abi/stat.h>

#define IO_CHUNK 256

static long console_file_write(struct file *f, const void __user *buf, size_t n)
{
	char chunk[IO_CHUNK];
	size_t done = 0;

	(void)f;
	if ((long)n < 0)
		return -EINVAL;
	if (!user_range_ok(buf, n, false))
		return -EFAULT;
	while (done < n) {
		size_t len = n - done < IO_CHUNK ? n - done : IO_CHUNK;

		if (copy_from_user(chunk, (const char __user *)buf + done, len))
			return done ? (long)done : -EFAULT;
		tty_write(chunk, len);
		done += len;
	}
	return (long)done;
}

/*
 * Reading is the terminal's (kernel/tty.c): a line in canonical mode, what
 * VMIN and VTIME say in raw mode, 0 at end of input (^D); a signal ends
 * the wait with -ERESTARTSYS (restarted under SA_RESTART, else -EINTR).
 * One read returns at most IO_CHUNK bytes, as a terminal may.
 */
static long console_file_read(struct file *f, void __user *buf, size_t n)
{
	char chunk[IO_CHUNK];
	long len;

	(void)f;
	if ((long)n < 0)
		return -EINVAL;
	if (!user_range_ok(buf, n, true))
		return -EFAULT;
	if (n == 0)
		return 0;
	len = tty_read(chunk, n < IO_CHUNK ? n : IO_CHUNK);
	if (len > 0 && copy_to_user(buf, chunk, (size_t)len))
		return -EFAULT;
	return len;
}

static long console_file_ioctl(struct file *f, u32 cmd, u32 arg)
{
	(void)f;
	return tty_ioctl(cmd, arg);
}

/* A terminal: always writable, readable when a read would not wait (the
 * line discipline calls file_poll_wake when that changes: kernel/tty.c). */
static u32 console_file_poll(struct file *f)
{
	(void)f;
	return POLLOUT | POLLWRNORM | (tty_input_ready() ? POLLIN | POLLRDNORM : 0);
}

static const struct file_ops console_ops = {
	.read = console_file_read,
	.write = console_file_write,
	.ioctl = console_file_ioctl,
	.poll = console_file_poll,
};

static struct fs_node console_node = {
	.name = "console",
	.name_len = 7,
	.ino = 3,
	.mode = S_IFCHR | 0620,
	.nlink = 1,
	.dev = 5, /* devtmpfs's 0:5 on Linux */
	.rdev = 4 << 8 | 64,
	.parent = &fs_root,
};

struct file console_in = {
	.ops = &console_ops, .node = &console_node, .flags = O_RDONLY, .is_static = true,
};
struct file console_out = {
	.ops = &console_ops, .node = &console_node, .flags = O_WRONLY, .is_static = true,
};
