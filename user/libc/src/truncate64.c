/* truncate64: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int truncate64(const char *path, off64_t len)
{
	return (int)sys_ret(sys_3(__NR_truncate64, (long)path, (long)len, (long)(len >> 32)));
}
