/* accept: socketcall (5). */
#include <sys/socket.h>

int accept(int fd, struct sockaddr *addr, socklen_t *len)
{
	long a[] = {fd, (long)addr, (long)len};

	return (int)__socketcall(5, a);
}
