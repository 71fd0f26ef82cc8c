/*
 * gethostname: Linux i386 has no such call, so the name comes from uname,
 * as glibc does: len bytes of it are copied, and a name (with its NUL)
 * longer than len is ENAMETOOLONG after the copy.
 */
#include <errno.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

int gethostname(char *name, size_t len)
{
	struct utsname u;
	size_t node_len;

	if (uname(&u) < 0)
		return -1;
	node_len = strlen(u.nodename) + 1;
	memcpy(name, u.nodename, len < node_len ? len : node_len);
	if (node_len > len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}
