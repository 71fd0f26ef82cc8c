/* send: socketcall (9). */
#include <sys/socket.h>

ssize_t send(int fd, const void *buf, size_t n, int flags)
{
	long a[] = {fd, (long)buf, (long)n, flags};

	return (ssize_t)__socketcall(9, a);
}
