/* <grp.h>: the group database, read from /etc/group (glibc i386's struct). */
#ifndef _GRP_H
#define _GRP_H

#include <sys/types.h>

struct group {
	char *gr_name;
	char *gr_passwd;
	gid_t gr_gid;
	char **gr_mem;
};

struct group *getgrnam(const char *name);
struct group *getgrgid(gid_t gid);
int getgroups(int size, gid_t list[]);
int setgroups(size_t size, const gid_t *list);
/* internal (grent.c): the entry named NAME, or of GID when NAME is NULL */
struct group *__gr_find(const char *name, gid_t gid);

#endif
