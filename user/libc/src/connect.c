/* connect: socketcall (3). */
#include <sys/socket.h>

int connect(int fd, const struct sockaddr *addr, socklen_t len)
{
	long a[] = {fd, (long)addr, (long)len};

	return (int)__socketcall(3, a);
}
