/*
 * posix_fallocate: fallocate with mode 0, its error returned rather than
 * set in errno.  glibc falls back to writing a byte into each block when
 * the file system has no fallocate (EOPNOTSUPP); here that is a /proc
 * file (the read-only tree cannot be open for writing: EBADF first), and
 * the error stands: there is nothing to back.
 */
#include <errno.h>
#include <fcntl.h>
#include "syscall.h"

int posix_fallocate64(int fd, off64_t offset, off64_t len)
{
	long rc = sys_6(__NR_fallocate, fd, 0, (long)offset, (long)(offset >> 32), (long)len, (long)(len >> 32));

	return rc < 0 ? (int)-rc : 0;
}

int posix_fallocate(int fd, off_t offset, off_t len)
{
	return posix_fallocate64(fd, offset, len);
}
