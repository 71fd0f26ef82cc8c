/* readv: Linux i386 call 145 (ENOSYS from a kernel without it). */
#include <sys/uio.h>
#include "syscall.h"

ssize_t readv(int fd, const struct iovec *iov, int iovcnt)
{
	return sys_ret(sys_3(145, fd, (long)iov, iovcnt));
}
