/* mlockall: the system call of the same name (one function per object: a
 * program may define its own). */
#include <sys/mman.h>
#include "syscall.h"

int mlockall(int flags)
{
	return (int)sys_ret(sys_1(__NR_mlockall, flags));
}
