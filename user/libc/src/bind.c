/* bind: socketcall (2). */
#include <sys/socket.h>

int bind(int fd, const struct sockaddr *addr, socklen_t len)
{
	long a[] = {fd, (long)addr, (long)len};

	return (int)__socketcall(2, a);
}
