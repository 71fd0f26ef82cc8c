/* mlock: the system call of the same name (one function per object: a
 * program may define its own). */
#include <sys/mman.h>
#include "syscall.h"

int mlock(const void *addr, size_t len)
{
	return (int)sys_ret(sys_2(__NR_mlock, (long)addr, (long)len));
}
