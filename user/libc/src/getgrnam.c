/* getgrnam: the group named NAME in /etc/group (grent.c). */
#include <grp.h>

struct group *getgrnam(const char *name)
{
	return __gr_find(name, 0);
}
