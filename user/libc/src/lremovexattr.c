/* lremovexattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

int lremovexattr(const char *path, const char *name)
{
	return (int)sys_ret(sys_2(__NR_lremovexattr, (long)path, (long)name));
}
