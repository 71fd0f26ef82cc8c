/* writev: Linux i386 call 146 (ENOSYS from a kernel without it). */
#include <sys/uio.h>
#include "syscall.h"

ssize_t writev(int fd, const struct iovec *iov, int iovcnt)
{
	return sys_ret(sys_3(146, fd, (long)iov, iovcnt));
}
