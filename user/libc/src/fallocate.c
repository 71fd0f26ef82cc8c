/* fallocate, fallocate64: the system call (#324), offset and length each
 * in two words. */
#define _GNU_SOURCE
#include <fcntl.h>
#include "syscall.h"

int fallocate64(int fd, int mode, off64_t offset, off64_t len)
{
	return (int)sys_ret(sys_6(__NR_fallocate, fd, mode, (long)offset, (long)(offset >> 32), (long)len,
				  (long)(len >> 32)));
}

int fallocate(int fd, int mode, off_t offset, off_t len)
{
	return fallocate64(fd, mode, offset, len);
}
