/* statx: the system call (383). */
#include <sys/stat.h>
#include "syscall.h"

int statx(int dirfd, const char *restrict path, int flags, unsigned int mask,
	  struct statx *restrict buf)
{
	return (int)sys_ret(sys_5(__NR_statx, dirfd, (long)path, flags, (long)mask, (long)buf));
}
