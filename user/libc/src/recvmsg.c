/* recvmsg: socketcall (17). */
#include <sys/socket.h>

ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	long a[] = {fd, (long)msg, flags};

	return (ssize_t)__socketcall(17, a);
}
