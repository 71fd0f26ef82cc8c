/* unshare: the system call of the same name (one function per object: a
 * program may define its own). */
#define _GNU_SOURCE
#include <sched.h>
#include "syscall.h"

int unshare(int flags)
{
	return (int)sys_ret(sys_1(__NR_unshare, flags));
}
