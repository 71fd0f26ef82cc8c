/* setresuid: Linux i386's setresuid32 (per process: see setuid.c). */
#define _GNU_SOURCE
#include <unistd.h>
#include "syscall.h"

int setresuid(uid_t r, uid_t e, uid_t s)
{
	return (int)sys_ret(sys_3(__NR_setresuid32, (long)r, (long)e, (long)s));
}
