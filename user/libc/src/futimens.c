/* futimens: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int futimens(int fd, const struct timespec times[2])
{
	return (int)sys_ret(sys_4(__NR_utimensat, fd, 0, (long)times, 0));
}
