/*
 * fcntl (55) and fcntl64 (221), as Linux's fs/fcntl.c for the commands a
 * descriptor of tick386 has: duplicate (F_DUPFD, F_DUPFD_CLOEXEC), the
 * descriptor's flag (F_GETFD, F_SETFD), the file's status flags (F_GETFL,
 * F_SETFL), the owner for SIGIO (F_GETOWN, F_SETOWN) and a pipe's size
 * (F_GETPIPE_SZ, F_SETPIPE_SZ: fs/pipe.c).  Any other command is EINVAL.  On i386,
 * fcntl64 differs only in the record-lock commands, which tick386 has not.
 *
 * F_SETFL changes O_APPEND and O_NONBLOCK and ignores every other bit (the
 * access mode, O_CREAT, ...) as Linux's SETFL_MASK does; O_DIRECT,
 * O_NOATIME and O_ASYNC, which Linux may also change, mean nothing here and
 * are ignored.
 *
 * F_SETOWN records a pid or, negative, a process group; no SIGIO is ever
 * sent (no file here signals readiness): F_GETOWN gives it back.
 *
 * Locking: the descriptor table and the flags change in system calls only
 * (fs/file.h); with several CPUs the table's lock would guard cloexec and
 * the file's f_lock (Linux's) its flags and owner.
 */
#include "fs/file.h"
#include "fs/fs.h"
#include "fs/syscalls.h"
#include "kernel/task/task.h"
#include <abi/errno.h>
#include <abi/fcntl.h>

#define SETFL_MASK (O_APPEND | O_NONBLOCK)

static long fcntl_dupfd(struct file *f, int from, bool cloexec)
{
	int fd;

	if (from < 0 || from >= FD_MAX)
		return -EINVAL; /* Linux: at or past RLIMIT_NOFILE, which is FD_MAX here */
	fd = fd_install_from(file_get(f), from, cloexec);
	if (fd < 0)
		file_put(f);
	return fd;
}

long sys_fcntl(int fd, int cmd, u32 arg)
{
	struct fd_table *t = &current->leader->files;
	struct file *f = fd_get(fd);
	long ret;

	if (!f)
		return -EBADF;
	switch (cmd) {
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		ret = fcntl_dupfd(f, (int)arg, cmd == F_DUPFD_CLOEXEC);
		break;
	case F_GETFD:
		ret = t->cloexec[fd] ? FD_CLOEXEC : 0;
		break;
	case F_SETFD:
		t->cloexec[fd] = (arg & FD_CLOEXEC) ? 1 : 0;
		ret = 0;
		break;
	case F_GETFL:
		ret = (long)f->flags;
		break;
	case F_SETFL:
		f->flags = (f->flags & ~SETFL_MASK) | (arg & SETFL_MASK);
		ret = 0;
		break;
	case F_GETOWN:
		ret = f->owner;
		break;
	case F_SETOWN:
		f->owner = (int)arg;
		ret = 0;
		break;
	case F_GETPIPE_SZ:
	case F_SETPIPE_SZ:
		ret = pipe_fcntl(f, cmd, arg);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	file_put(f);
	return ret;
}

long sys_fcntl64(int fd, int cmd, u32 arg)
{
	return sys_fcntl(fd, cmd, arg);
}
