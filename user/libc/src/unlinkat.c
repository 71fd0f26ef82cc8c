/* unlinkat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int unlinkat(int dirfd, const char *path, int flags)
{
	return (int)sys_ret(sys_3(__NR_unlinkat, dirfd, (long)path, flags));
}
