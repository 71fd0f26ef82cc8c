/*
 * if_indextoname: SIOCGIFNAME on a socket; NULL when it fails, with errno
 * ENXIO for an index no interface has (the kernel's ENODEV, as glibc
 * turns it), the socket's errno when no socket opens (ENOSYS on tick386).
 */
#include <errno.h>
#include <net/if.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int __if_socket(void);

char *if_indextoname(unsigned int ifindex, char *ifname)
{
	struct ifreq ifr;
	int fd, err;

	if ((fd = __if_socket()) < 0)
		return NULL;
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_ifindex = (int)ifindex;
	err = ioctl(fd, SIOCGIFNAME, &ifr) < 0 ? errno : 0;
	close(fd);
	if (err) {
		errno = err == ENODEV ? ENXIO : err;
		return NULL;
	}
	return strncpy(ifname, ifr.ifr_name, IFNAMSIZ);
}
