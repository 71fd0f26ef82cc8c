/* pwrite64: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

ssize_t pwrite64(int fd, const void *buf, size_t n, off64_t pos)
{
	return (ssize_t)sys_ret(sys_5(__NR_pwrite64, fd, (long)buf, (long)n, (long)pos, (long)(pos >> 32)));
}
