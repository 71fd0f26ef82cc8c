/* fremovexattr: the system call (<sys/xattr.h>). */
#include <sys/xattr.h>
#include "syscall.h"

int fremovexattr(int fd, const char *name)
{
	return (int)sys_ret(sys_2(__NR_fremovexattr, fd, (long)name));
}
