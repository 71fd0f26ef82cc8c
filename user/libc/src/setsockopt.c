/* setsockopt: socketcall (14). */
#include <sys/socket.h>

int setsockopt(int fd, int level, int name, const void *val, socklen_t len)
{
	long a[] = {fd, level, name, (long)val, (long)len};

	return (int)__socketcall(14, a);
}
