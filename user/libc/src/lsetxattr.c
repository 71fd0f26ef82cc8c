/* lsetxattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

int lsetxattr(const char *path, const char *name, const void *value, size_t size, int flags)
{
	return (int)sys_ret(sys_5(__NR_lsetxattr, (long)path, (long)name, (long)value, (long)size, flags));
}
