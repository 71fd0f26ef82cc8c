/* getresuid: Linux i386's getresuid32. */
#define _GNU_SOURCE
#include <unistd.h>
#include "syscall.h"

int getresuid(uid_t *r, uid_t *e, uid_t *s)
{
	return (int)sys_ret(sys_3(__NR_getresuid32, (long)r, (long)e, (long)s));
}
