/* socket: socketcall (1). */
#include <sys/socket.h>

int socket(int domain, int type, int protocol)
{
	long a[] = {domain, type, protocol};

	return (int)__socketcall(1, a);
}
