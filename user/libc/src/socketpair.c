/* socketpair: socketcall (8). */
#include <sys/socket.h>

int socketpair(int domain, int type, int protocol, int sv[2])
{
	long a[] = {domain, type, protocol, (long)sv};

	return (int)__socketcall(8, a);
}
