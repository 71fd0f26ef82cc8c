/* faccessat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int faccessat(int dirfd, const char *path, int mode, int flags)
{
	/* as glibc: the flags need faccessat2 */
	if (flags)
		return (int)sys_ret(sys_4(__NR_faccessat2, dirfd, (long)path, mode, flags));
	return (int)sys_ret(sys_3(__NR_faccessat, dirfd, (long)path, mode));
}
