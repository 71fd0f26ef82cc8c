/* munlockall: the system call of the same name (one function per object: a
 * program may define its own). */
#include <sys/mman.h>
#include "syscall.h"

int munlockall(void)
{
	return (int)sys_ret(sys_0(__NR_munlockall));
}
