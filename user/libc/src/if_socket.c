/*
 * __if_socket: a datagram socket for the interface ioctls, as glibc's
 * if_* functions open one: AF_UNIX, else AF_INET, else AF_INET6; -1 with
 * the last socket()'s errno when none opens.  On tick386, which has no
 * sockets (socketcall is ENOSYS), that is ENOSYS, so if_nametoindex is 0
 * and if_indextoname NULL with errno ENOSYS, as glibc's are there.
 */
#include <sys/socket.h>

int __if_socket(void)
{
	static const int families[] = {AF_UNIX, AF_INET, AF_INET6};
	int fd = -1;

	for (unsigned i = 0; i < sizeof(families) / sizeof(families[0]) && fd < 0; i++)
		fd = socket(families[i], SOCK_DGRAM | SOCK_CLOEXEC, 0);
	return fd;
}
