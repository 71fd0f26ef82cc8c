/* unlockpt: TIOCSPTLCK with 0, the slave of master fd unlocked, as glibc:
 * EBADF is the kernel's, its ENOTTY for what is no master becomes
 * POSIX's EINVAL.  One function per object: a program may define its
 * own. */
#include <errno.h>
#include <stdlib.h>
#include <sys/ioctl.h>

#define TIOCSPTLCK 0x40045431 /* _IOW('T', 0x31, int) */

int unlockpt(int fd)
{
	int unlock = 0;

	if (ioctl(fd, TIOCSPTLCK, &unlock) < 0) {
		if (errno == ENOTTY)
			errno = EINVAL;
		return -1;
	}
	return 0;
}
