/* utimensat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int utimensat(int dirfd, const char *path, const struct timespec times[2], int flags)
{
	return (int)sys_ret(sys_4(__NR_utimensat, dirfd, (long)path, (long)times, flags));
}
