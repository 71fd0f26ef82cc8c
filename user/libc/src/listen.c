/* listen: socketcall (4). */
#include <sys/socket.h>

int listen(int fd, int backlog)
{
	long a[] = {fd, backlog};

	return (int)__socketcall(4, a);
}
