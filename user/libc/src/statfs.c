/* statfs, fstatfs: through statfs64/fstatfs64 (268/269), whose 84-byte
 * layout the kernel writes, narrowed to glibc i386's struct statfs. */
#include <errno.h>
#include <sys/statfs.h>
#include "syscall.h"

static int narrow(long ret, const struct statfs64 *k, struct statfs *st)
{
	if (sys_ret(ret) < 0)
		return -1;
	if ((k->f_blocks | k->f_bfree | k->f_bavail | k->f_files | k->f_ffree) >> 32) {
		errno = EOVERFLOW;
		return -1;
	}
	st->f_type = k->f_type;
	st->f_bsize = k->f_bsize;
	st->f_blocks = (fsblkcnt_t)k->f_blocks;
	st->f_bfree = (fsblkcnt_t)k->f_bfree;
	st->f_bavail = (fsblkcnt_t)k->f_bavail;
	st->f_files = (fsfilcnt_t)k->f_files;
	st->f_ffree = (fsfilcnt_t)k->f_ffree;
	st->f_fsid = k->f_fsid;
	st->f_namelen = k->f_namelen;
	st->f_frsize = k->f_frsize;
	st->f_flags = k->f_flags;
	for (int i = 0; i < 4; i++)
		st->f_spare[i] = 0;
	return 0;
}

int statfs(const char *path, struct statfs *st)
{
	struct statfs64 k;

	return narrow(sys_3(__NR_statfs64, (long)path, sizeof(k), (long)&k), &k, st);
}

int fstatfs(int fd, struct statfs *st)
{
	struct statfs64 k;

	return narrow(sys_3(__NR_fstatfs64, fd, sizeof(k), (long)&k), &k, st);
}
