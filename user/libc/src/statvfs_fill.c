/* The statfs64 answer into struct statvfs, shared by statvfs and fstatvfs
 * (each in its own object: a program may define either name). */
#include <errno.h>
#include <sys/statvfs.h>
#include "syscall.h"

/* Set by the kernel when f_flags is meaningful (Linux's ST_VALID). */
#define STATFS_VALID 0x20

int __statvfs_fill(long ret, const struct statfs64 *k, struct statvfs *st)
{
	if (sys_ret(ret) < 0)
		return -1;
	if ((k->f_blocks | k->f_bfree | k->f_bavail | k->f_files | k->f_ffree) >> 32) {
		errno = EOVERFLOW;
		return -1;
	}
	*st = (struct statvfs){0};
	st->f_bsize = k->f_bsize;
	/* an old kernel without f_frsize: the fragment is the block */
	st->f_frsize = k->f_frsize ? k->f_frsize : k->f_bsize;
	st->f_blocks = (fsblkcnt_t)k->f_blocks;
	st->f_bfree = (fsblkcnt_t)k->f_bfree;
	st->f_bavail = (fsblkcnt_t)k->f_bavail;
	st->f_files = (fsfilcnt_t)k->f_files;
	st->f_ffree = (fsfilcnt_t)k->f_ffree;
	st->f_favail = (fsfilcnt_t)k->f_ffree;
	st->f_fsid = (unsigned long)k->f_fsid.__val[0];
	st->f_namemax = k->f_namelen;
	if (k->f_flags & STATFS_VALID)
		st->f_flag = k->f_flags & ~STATFS_VALID;
	return 0;
}
