/* readlinkat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

ssize_t readlinkat(int dirfd, const char *restrict path, char *restrict buf, size_t bufsiz)
{
	return sys_ret(sys_4(__NR_readlinkat, dirfd, (long)path, (long)buf, (long)bufsiz));
}
