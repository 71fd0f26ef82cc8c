/* sendmsg: socketcall (16). */
#include <sys/socket.h>

ssize_t sendmsg(int fd, const struct msghdr *msg, int flags)
{
	long a[] = {fd, (long)msg, flags};

	return (ssize_t)__socketcall(16, a);
}
