/* removexattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

int removexattr(const char *path, const char *name)
{
	return (int)sys_ret(sys_2(__NR_removexattr, (long)path, (long)name));
}
