/* truncate: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int truncate(const char *path, off_t len)
{
	/* as glibc: through truncate64, the sign carried into the high word */
	return (int)sys_ret(sys_3(__NR_truncate64, (long)path, len, len < 0 ? -1 : 0));
}
