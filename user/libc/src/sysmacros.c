/* major, minor, makedev: glibc's 64-bit encoding (<sys/sysmacros.h>). */
#include <sys/sysmacros.h>

unsigned int gnu_dev_major(unsigned long long dev)
{
	return (unsigned int)(((dev >> 8) & 0xfff) | ((dev >> 32) & ~0xfffu));
}

unsigned int gnu_dev_minor(unsigned long long dev)
{
	return (unsigned int)((dev & 0xff) | ((dev >> 12) & ~0xffu));
}

unsigned long long gnu_dev_makedev(unsigned int major, unsigned int minor)
{
	return ((unsigned long long)(major & 0xfff) << 8) |
	       ((unsigned long long)(major & ~0xfffu) << 32) | (minor & 0xff) |
	       ((unsigned long long)(minor & ~0xffu) << 12);
}
