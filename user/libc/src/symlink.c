/* symlink: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

int symlink(const char *target, const char *linkpath)
{
	return (int)sys_ret(sys_2(__NR_symlink, (long)target, (long)linkpath));
}
