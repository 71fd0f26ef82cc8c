/* fchmodat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int fchmodat(int dirfd, const char *path, mode_t mode, int flags)
{
	/* No symbolic links: AT_SYMLINK_NOFOLLOW changes nothing. */
	if (flags & ~AT_SYMLINK_NOFOLLOW) {
		errno = EINVAL;
		return -1;
	}
	return (int)sys_ret(sys_3(__NR_fchmodat, dirfd, (long)path, (long)mode));
}
