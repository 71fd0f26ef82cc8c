/*
 * fallocate: the system call of the same name (Linux i386's 324: each
 * 64-bit off_t passed as two words, low first).  tick386's kernel has no
 * such call: -1 and ENOSYS, as on a Linux built without it.  One function
 * per object: a program may define its own.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include "syscall.h"

int fallocate(int fd, int mode, off_t offset, off_t len)
{
	long long o = offset, l = len;

	return (int)sys_ret(
	    sys_6(__NR_fallocate, fd, mode, (long)o, (long)(o >> 32), (long)l, (long)(l >> 32)));
}
