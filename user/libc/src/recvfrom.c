/* recvfrom: socketcall (12). */
#include <sys/socket.h>

ssize_t recvfrom(int fd, void *buf, size_t n, int flags, struct sockaddr *addr, socklen_t *len)
{
	long a[] = {fd, (long)buf, (long)n, flags, (long)addr, (long)len};

	return (ssize_t)__socketcall(12, a);
}
