/* sendto: socketcall (11). */
#include <sys/socket.h>

ssize_t sendto(int fd, const void *buf, size_t n, int flags, const struct sockaddr *addr, socklen_t len)
{
	long a[] = {fd, (long)buf, (long)n, flags, (long)addr, (long)len};

	return (ssize_t)__socketcall(11, a);
}
