/* fchdir: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int fchdir(int fd)
{
	return (int)sys_ret(sys_1(__NR_fchdir, fd));
}
