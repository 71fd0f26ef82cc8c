/* statvfs: statfs64 (268) narrowed to struct statvfs. */
#include <sys/statvfs.h>
#include "syscall.h"

int statvfs(const char *path, struct statvfs *st)
{
	struct statfs64 k;

	return __statvfs_fill(sys_3(__NR_statfs64, (long)path, sizeof(k), (long)&k), &k, st);
}
