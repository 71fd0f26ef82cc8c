/* setreuid: Linux i386's setreuid32 (per process: see setuid.c). */
#include <unistd.h>
#include "syscall.h"

int setreuid(uid_t r, uid_t e)
{
	return (int)sys_ret(sys_2(__NR_setreuid32, (long)r, (long)e));
}
