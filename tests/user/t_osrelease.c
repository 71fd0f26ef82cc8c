/*
 * osrelease= on the command line replaces the release uname reports (and
 * /proc/sys/kernel/osrelease, /proc/version), so that a teacher can run a
 * program as if under another Linux; the rest stays: sysname Linux, and
 * the version, which names tick386 (how a program tells it from Linux).
 */
/* append: osrelease=5.10.0-teach */
#include "../tap.h"
#include <fcntl.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

int main(void)
{
	struct utsname u;
	char buf[128];
	int fd, n = -1;

	ok(uname(&u) == 0 && !strcmp(u.release, "5.10.0-teach"), "uname: release from osrelease=");
	ok(!strcmp(u.sysname, "Linux") && strstr(u.version, "tick386"),
	   "sysname Linux, version names tick386");
	fd = open("/proc/sys/kernel/osrelease", O_RDONLY);
	if (fd >= 0) {
		n = (int)read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	ok(n == 13 && !memcmp(buf, "5.10.0-teach\n", 13), "/proc/sys/kernel/osrelease says it");
	fd = open("/proc/version", O_RDONLY);
	n = fd >= 0 ? (int)read(fd, buf, sizeof(buf) - 1) : -1;
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	ok(!strncmp(buf, "Linux version 5.10.0-teach (", 28), "/proc/version says it");
	return done_testing();
}
