/* ftruncate64: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int ftruncate64(int fd, off64_t len)
{
	return (int)sys_ret(sys_3(__NR_ftruncate64, fd, (long)len, (long)(len >> 32)));
}
