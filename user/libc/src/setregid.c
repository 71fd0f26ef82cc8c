/* setregid: Linux i386's setregid32 (per process: see setuid.c). */
#include <unistd.h>
#include "syscall.h"

int setregid(gid_t r, gid_t e)
{
	return (int)sys_ret(sys_2(__NR_setregid32, (long)r, (long)e));
}
