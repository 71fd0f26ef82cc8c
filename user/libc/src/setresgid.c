/* setresgid: Linux i386's setresgid32 (per process: see setuid.c). */
#define _GNU_SOURCE
#include <unistd.h>
#include "syscall.h"

int setresgid(gid_t r, gid_t e, gid_t s)
{
	return (int)sys_ret(sys_3(__NR_setresgid32, (long)r, (long)e, (long)s));
}
