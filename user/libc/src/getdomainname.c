/* getdomainname: from uname, as glibc: cut to len bytes, never an error. */
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

int getdomainname(char *name, size_t len)
{
	struct utsname u;
	size_t n;

	if (uname(&u) < 0)
		return -1;
	n = strlen(u.domainname) + 1;
	memcpy(name, u.domainname, len < n ? len : n);
	return 0;
}
