/* shutdown: socketcall (13). */
#include <sys/socket.h>

int shutdown(int fd, int how)
{
	long a[] = {fd, how};

	return (int)__socketcall(13, a);
}
