/*
 * The lookup behind getgrnam and getgrgid: /etc/group, one
 * "name:passwd:gid:member,member" line per group.  The answer (and its
 * member list) lives in static storage that the next call overwrites.
 * No such line: NULL with errno unchanged; no such file: fopen's errno.
 */
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GR_MAXMEM 64

static char line[1024];
static char *mem[GR_MAXMEM + 1];
static struct group ent;

struct group *__gr_find(const char *name, gid_t gid)
{
	int saved = errno;
	FILE *f = fopen("/etc/group", "r");
	struct group *found = NULL;

	if (!f)
		return NULL; /* fopen's errno stays, as glibc's files backend leaves it */
	while (!found && fgets(line, sizeof(line), f)) {
		char *fl[4], *s = line;
		int i;

		for (i = 0; i < 4 && s; i++) {
			fl[i] = s;
			s = strchr(s, i == 3 ? '\n' : ':');
			if (s)
				*s++ = '\0';
		}
		if (i < 4 || (i == 4 && !fl[3]) || !*fl[2])
			continue;
		gid_t g = (gid_t)strtoul(fl[2], NULL, 10);
		if (name ? strcmp(fl[0], name) != 0 : g != gid)
			continue;
		int n = 0;
		for (char *m = fl[3]; *m && n < GR_MAXMEM;) {
			mem[n++] = m;
			m = strchr(m, ',');
			if (!m)
				break;
			*m++ = '\0';
		}
		mem[n] = NULL;
		ent = (struct group){fl[0], fl[1], g, mem};
		found = &ent;
	}
	fclose(f);
	errno = saved;
	return found;
}
