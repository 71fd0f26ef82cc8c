/* getpeername: socketcall (7). */
#include <sys/socket.h>

int getpeername(int fd, struct sockaddr *addr, socklen_t *len)
{
	long a[] = {fd, (long)addr, (long)len};

	return (int)__socketcall(7, a);
}
