/*
 * The lookup behind getpwnam and getpwuid: /etc/passwd, one
 * "name:passwd:uid:gid:gecos:dir:shell" line per user, as every libc reads
 * it.  The answer lives in one static buffer (POSIX lets the next call
 * overwrite it).  No such line: NULL with errno unchanged; no such file: NULL
 * with fopen's errno (ENOENT), as glibc's files backend leaves them.
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char line[512];
static struct passwd ent;

/* split S at ':' into N fields; 0 when the line has fewer */
static int split(char *s, char **f, int n)
{
	for (int i = 0; i < n; i++) {
		f[i] = s;
		s = strchr(s, i == n - 1 ? '\n' : ':');
		if (!s)
			return i == n - 1;
		*s++ = '\0';
	}
	return 1;
}

struct passwd *__pw_find(const char *name, uid_t uid)
{
	int saved = errno;
	FILE *f = fopen("/etc/passwd", "r");
	struct passwd *found = NULL;
	char *fl[7];

	if (!f)
		return NULL; /* fopen's errno stays, as glibc's files backend leaves it */
	while (!found && fgets(line, sizeof(line), f)) {
		if (!split(line, fl, 7) || !*fl[2] || !*fl[3])
			continue;
		uid_t u = (uid_t)strtoul(fl[2], NULL, 10);
		if (name ? strcmp(fl[0], name) != 0 : u != uid)
			continue;
		ent = (struct passwd){fl[0], fl[1], u, (gid_t)strtoul(fl[3], NULL, 10), fl[4], fl[5], fl[6]};
		found = &ent;
	}
	fclose(f);
	errno = saved;
	return found;
}
