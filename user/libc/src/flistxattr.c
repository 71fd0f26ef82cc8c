/* flistxattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

ssize_t flistxattr(int fd, char *list, size_t size)
{
	return (ssize_t)sys_ret(sys_3(__NR_flistxattr, fd, (long)list, (long)size));
}
