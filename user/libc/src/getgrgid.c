/* getgrgid: the group of GID in /etc/group (grent.c). */
#include <grp.h>

struct group *getgrgid(gid_t gid)
{
	return __gr_find(NULL, gid);
}
