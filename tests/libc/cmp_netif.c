/*
 * <net/if.h>'s functions compared with glibc on the same system: the
 * answers for names and indexes no interface has (ENODEV, ENXIO where
 * Linux has sockets), and every interface of if_nameindex found again by
 * name and by index.  It describes the system, so test-libc-tick386 leaves
 * it out: tick386 has no sockets, and there every call fails with ENOSYS.
 */
/* parallel: yes */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	char name[IFNAMSIZ] = "unchanged";

	errno = 0;
	unsigned r = if_nametoindex("nosuchif0");
	printf("if_nametoindex(nosuchif0) %u %s\n", r, strerror(errno));
	errno = 0;
	r = if_nametoindex("aaaaaaaaaaaaaaaaaaaaaaaaa");
	printf("if_nametoindex(long) %u %s\n", r, strerror(errno));
	errno = 0;
	r = if_nametoindex("aaaaaaaaaaaaaaa");
	printf("if_nametoindex(15 chars) %u %s\n", r, strerror(errno));
	errno = 0;
	char *p = if_indextoname(99999, name);
	printf("if_indextoname(99999) %s %s\n", p ? p : "NULL", strerror(errno));
	errno = 0;
	p = if_indextoname(0, name);
	printf("if_indextoname(0) %s %s\n", p ? p : "NULL", strerror(errno));
	struct if_nameindex *ni = if_nameindex();
	printf("if_nameindex %s\n", ni ? "list" : strerror(errno));
	for (struct if_nameindex *q = ni; q && q->if_index; q++) {
		errno = 0;
		printf("  %u %s: nametoindex %u", q->if_index, q->if_name, if_nametoindex(q->if_name));
		p = if_indextoname(q->if_index, name);
		printf(" indextoname %s\n", p ? p : strerror(errno));
	}
	if_freenameindex(ni);
	return 0;
}
