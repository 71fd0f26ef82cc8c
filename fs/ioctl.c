/*
 * ioctl(2): the file's own operation, or -ENOTTY (Linux's answer for a
 * request that the file does not know, which is every request on a file
 * that is not a terminal).  The console (fs/console_file.c) is the one file
 * that has any: the terminal requests of kernel/tty.c.
 */
#include "fs/file.h"
#include "fs/syscalls.h"
#include <abi/errno.h>

long sys_ioctl(int fd, u32 cmd, u32 arg)
{
	struct file *f = fd_get(fd);
	long ret = -ENOTTY;

	if (!f)
		return -EBADF;
	if (f->ops && f->ops->ioctl)
		ret = f->ops->ioctl(f, cmd, arg);
	file_put(f);
	return ret;
}
