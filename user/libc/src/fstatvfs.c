/* fstatvfs: fstatfs64 (269) narrowed to struct statvfs. */
#include <sys/statvfs.h>
#include "syscall.h"

int fstatvfs(int fd, struct statvfs *st)
{
	struct statfs64 k;

	return __statvfs_fill(sys_3(__NR_fstatfs64, fd, sizeof(k), (long)&k), &k, st);
}
