/* getresgid: Linux i386's getresgid32. */
#define _GNU_SOURCE
#include <unistd.h>
#include "syscall.h"

int getresgid(gid_t *r, gid_t *e, gid_t *s)
{
	return (int)sys_ret(sys_3(__NR_getresgid32, (long)r, (long)e, (long)s));
}
