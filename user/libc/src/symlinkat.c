/* symlinkat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

int symlinkat(const char *target, int newdirfd, const char *linkpath)
{
	return (int)sys_ret(sys_3(__NR_symlinkat, (long)target, newdirfd, (long)linkpath));
}
