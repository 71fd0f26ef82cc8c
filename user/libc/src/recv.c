/* recv: socketcall (10). */
#include <sys/socket.h>

ssize_t recv(int fd, void *buf, size_t n, int flags)
{
	long a[] = {fd, (long)buf, (long)n, flags};

	return (ssize_t)__socketcall(10, a);
}
