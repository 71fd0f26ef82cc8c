/* fstatat: fstatat64 (300) into the libc's struct stat (fstat's conversion). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "syscall.h"

int fstatat(int dirfd, const char *restrict path, struct stat *restrict st, int flags)
{
	struct abi_stat64 k;
	long ret = sys_4(__NR_fstatat64, dirfd, (long)path, (long)&k, flags);

	if (sys_ret(ret) < 0)
		return -1;
	if (k.st_size > 0x7fffffffLL || k.st_ino > 0xffffffffULL) {
		errno = EOVERFLOW;
		return -1;
	}
	st->st_dev = (dev_t)k.st_dev;
	st->st_ino = (ino_t)k.st_ino;
	st->st_mode = k.st_mode;
	st->st_nlink = k.st_nlink;
	st->st_uid = k.st_uid;
	st->st_gid = k.st_gid;
	st->st_rdev = (dev_t)k.st_rdev;
	st->st_size = (off_t)k.st_size;
	st->st_blksize = (blksize_t)k.st_blksize;
	st->st_blocks = (blkcnt_t)k.st_blocks;
	st->st_atim.tv_sec = (time_t)k.st_atime_sec;
	st->st_atim.tv_nsec = (long)k.st_atime_nsec;
	st->st_mtim.tv_sec = (time_t)k.st_mtime_sec;
	st->st_mtim.tv_nsec = (long)k.st_mtime_nsec;
	st->st_ctim.tv_sec = (time_t)k.st_ctime_sec;
	st->st_ctim.tv_nsec = (long)k.st_ctime_nsec;
	return 0;
}
