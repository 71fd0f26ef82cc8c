/* getsockname: socketcall (6). */
#include <sys/socket.h>

int getsockname(int fd, struct sockaddr *addr, socklen_t *len)
{
	long a[] = {fd, (long)addr, (long)len};

	return (int)__socketcall(6, a);
}
