/*
 * ptsname: "/dev/pts/N" for the master fd, N from TIOCGPTN, in a static
 * buffer, as glibc: NULL and errno from isatty (EBADF, ENOTTY) for what is
 * not a terminal, ENOTTY for a terminal that is no master.  One function
 * per object: a program may define its own.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define TIOCGPTN 0x80045430 /* _IOR('T', 0x30, unsigned int) */

char *ptsname(int fd)
{
	static char name[24];
	unsigned int n;

	if (!isatty(fd))
		return NULL;
	if (ioctl(fd, TIOCGPTN, &n) < 0)
		return NULL;
	snprintf(name, sizeof(name), "/dev/pts/%u", n);
	return name;
}
