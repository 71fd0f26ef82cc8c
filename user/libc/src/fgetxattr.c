/* fgetxattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	return (ssize_t)sys_ret(sys_4(__NR_fgetxattr, fd, (long)name, (long)value, (long)size));
}
