/*
 * if_nametoindex: SIOCGIFINDEX on a socket; 0 when it fails, with errno
 * ENODEV for a name too long for IFNAMSIZ or unknown, the socket's errno
 * when no socket opens (ENOSYS on tick386: no sockets, no interfaces), and
 * ENOSYS for EINVAL, as glibc.
 */
#include <errno.h>
#include <net/if.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int __if_socket(void);

unsigned int if_nametoindex(const char *ifname)
{
	struct ifreq ifr;
	int fd, err;

	if (strlen(ifname) >= IFNAMSIZ) {
		errno = ENODEV;
		return 0;
	}
	if ((fd = __if_socket()) < 0)
		return 0;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, ifname);
	err = ioctl(fd, SIOCGIFINDEX, &ifr) < 0 ? errno : 0;
	close(fd);
	if (err) {
		errno = err == EINVAL ? ENOSYS : err;
		return 0;
	}
	return (unsigned)ifr.ifr_ifindex;
}
