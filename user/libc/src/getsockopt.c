/* getsockopt: socketcall (15). */
#include <sys/socket.h>

int getsockopt(int fd, int level, int name, void *val, socklen_t *len)
{
	long a[] = {fd, level, name, (long)val, (long)len};

	return (int)__socketcall(15, a);
}
