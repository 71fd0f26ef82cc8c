/* Files: open, openat, close, lseek, stat, fstat, access, dup, dup2, pipe, pipe2 (kernel fs/). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

/* The mode argument exists only with O_CREAT (O_TMPFILE is not supported). */
static long mode_arg(int flags, va_list ap)
{
	return (flags & O_CREAT) ? (long)va_arg(ap, mode_t) : 0;
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	long mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return (int)sys_ret(sys_3(__NR_open, (long)path, flags | O_LARGEFILE, mode));
}

int openat(int dirfd, const char *path, int flags, ...)
{
	va_list ap;
	long mode;

	va_start(ap, flags);
	mode = mode_arg(flags, ap);
	va_end(ap);
	return (int)sys_ret(sys_4(__NR_openat, dirfd, (long)path, flags | O_LARGEFILE, mode));
}

int close(int fd)
{
	return (int)sys_ret(sys_1(__NR_close, fd));
}

off_t lseek(int fd, off_t offset, int whence)
{
	return (off_t)sys_ret(sys_3(__NR_lseek, fd, offset, whence));
}

int access(const char *path, int mode)
{
	return (int)sys_ret(sys_2(__NR_access, (long)path, mode));
}

int dup(int fd)
{
	return (int)sys_ret(sys_1(__NR_dup, fd));
}

int dup2(int oldfd, int newfd)
{
	return (int)sys_ret(sys_2(__NR_dup2, oldfd, newfd));
}

int pipe(int fds[2])
{
	return (int)sys_ret(sys_1(__NR_pipe, (long)fds));
}

int pipe2(int fds[2], int flags)
{
	return (int)sys_ret(sys_2(__NR_pipe2, (long)fds, flags));
}

/* The kernel's stat64 layout into the libc's struct stat. */
static int from_stat64(long ret, const struct abi_stat64 *k, struct stat *st)
{
	if (sys_ret(ret) < 0)
		return -1;
	if (k->st_size > 0x7fffffffLL || k->st_ino > 0xffffffffULL) {
		errno = EOVERFLOW;
		return -1;
	}
	st->st_dev = (dev_t)k->st_dev;
	st->st_ino = (ino_t)k->st_ino;
	st->st_mode = k->st_mode;
	st->st_nlink = k->st_nlink;
	st->st_uid = k->st_uid;
	st->st_gid = k->st_gid;
	st->st_rdev = (dev_t)k->st_rdev;
	st->st_size = (off_t)k->st_size;
	st->st_blksize = (blksize_t)k->st_blksize;
	st->st_blocks = (blkcnt_t)k->st_blocks;
	st->st_atim.tv_sec = (time_t)k->st_atime_sec;
	st->st_atim.tv_nsec = (long)k->st_atime_nsec;
	st->st_mtim.tv_sec = (time_t)k->st_mtime_sec;
	st->st_mtim.tv_nsec = (long)k->st_mtime_nsec;
	st->st_ctim.tv_sec = (time_t)k->st_ctime_sec;
	st->st_ctim.tv_nsec = (long)k->st_ctime_nsec;
	return 0;
}

/*
 * The kernel writes its stat64 into a local buffer, which a bad st pointer
 * would never reach, and the conversion would then fault in user space.
 * So st is handed to the kernel too, through the old stat call whose
 * 64-byte layout is exactly as big as struct stat: EFAULT exactly when st
 * is bad, as the kernel answers for its own layouts.
 */
_Static_assert(sizeof(struct stat) == sizeof(struct abi_stat), "st probed by the old stat call");

int fstat(int fd, struct stat *st)
{
	struct abi_stat64 k;
	long ret = sys_2(__NR_fstat64, fd, (long)&k);

	if (!sys_is_error(ret) && sys_2(__NR_fstat, fd, (long)st) == -EFAULT)
		ret = -EFAULT;
	return from_stat64(ret, &k, st);
}

int stat(const char *restrict path, struct stat *restrict st)
{
	struct abi_stat64 k;
	long ret = sys_2(__NR_stat64, (long)path, (long)&k);

	if (!sys_is_error(ret) && sys_2(__NR_stat, (long)path, (long)st) == -EFAULT)
		ret = -EFAULT;
	return from_stat64(ret, &k, st);
}
