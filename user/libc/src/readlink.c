/* readlink: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

ssize_t readlink(const char *restrict path, char *restrict buf, size_t bufsiz)
{
	return sys_ret(sys_3(__NR_readlink, (long)path, (long)buf, (long)bufsiz));
}
