/* <pwd.h>: the user database, read from /etc/passwd (glibc i386's struct). */
#ifndef _PWD_H
#define _PWD_H

#include <sys/types.h>

struct passwd {
	char *pw_name;
	char *pw_passwd;
	uid_t pw_uid;
	gid_t pw_gid;
	char *pw_gecos;
	char *pw_dir;
	char *pw_shell;
};

struct passwd *getpwnam(const char *name);
struct passwd *getpwuid(uid_t uid);
/* internal (pwent.c): the entry named NAME, or of UID when NAME is NULL */
struct passwd *__pw_find(const char *name, uid_t uid);

#endif
