/* <sys/uio.h>: struct iovec and the vector calls (Linux i386 145/146). */
#ifndef _SYS_UIO_H
#define _SYS_UIO_H

#include <sys/types.h>

struct iovec {
	void *iov_base;
	size_t iov_len;
};

#define UIO_MAXIOV 1024

ssize_t readv(int fd, const struct iovec *iov, int iovcnt);
ssize_t writev(int fd, const struct iovec *iov, int iovcnt);

#endif
