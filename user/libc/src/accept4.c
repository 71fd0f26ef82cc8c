/* accept4: socketcall (18). */
#include <sys/socket.h>

int accept4(int fd, struct sockaddr *addr, socklen_t *len, int flags)
{
	long a[] = {fd, (long)addr, (long)len, flags};

	return (int)__socketcall(18, a);
}
