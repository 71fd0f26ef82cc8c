/* grantpt: Linux makes the slave's node with the right owner and mode
 * itself, so only the check that fd is a pseudo-terminal master is left
 * (TIOCGPTN), as glibc: EBADF, or EINVAL where the kernel says ENOTTY
 * (POSIX's error).  One function per object: a program may define its
 * own. */
#include <errno.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#define TIOCGPTN 0x80045430 /* _IOR('T', 0x30, unsigned int) */

int grantpt(int fd)
{
	unsigned int n;

	if (ioctl(fd, TIOCGPTN, &n) < 0) {
		if (errno == ENOTTY)
			errno = EINVAL;
		return -1;
	}
	return 0;
}
