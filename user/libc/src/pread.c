/* pread: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

ssize_t pread(int fd, void *buf, size_t n, off_t pos)
{
	return (ssize_t)sys_ret(sys_5(__NR_pread64, fd, (long)buf, (long)n, pos, pos < 0 ? -1 : 0));
}
