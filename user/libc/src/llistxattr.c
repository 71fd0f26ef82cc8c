/* llistxattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

ssize_t llistxattr(const char *path, char *list, size_t size)
{
	return (ssize_t)sys_ret(sys_3(__NR_llistxattr, (long)path, (long)list, (long)size));
}
