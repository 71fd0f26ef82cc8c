/* unlockpt: TIOCSPTLCK with 0, the slave of master fd unlocked, as glibc
 * (EBADF, ENOTTY, EINVAL are the kernel's).  One function per object: a
 * program may define its own. */
#include <stdlib.h>
#include <sys/ioctl.h>

#define TIOCSPTLCK 0x40045431 /* _IOW('T', 0x31, int) */

int unlockpt(int fd)
{
	int unlock = 0;

	return ioctl(fd, TIOCSPTLCK, &unlock);
}
