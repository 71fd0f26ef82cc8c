/* setpriority: the system call of the same name (one function per object:
 * a program may define its own). */
#include <sys/resource.h>
#include "syscall.h"

int setpriority(int which, id_t who, int prio)
{
	return (int)sys_ret(sys_3(__NR_setpriority, which, (long)who, prio));
}
