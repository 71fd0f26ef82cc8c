/*
 * What a scenario must give back (tick386 only: Linux's free memory moves
 * with its caches): free pages (/proc/meminfo MemFree) and the objects in
 * use of every slab cache (/proc/slabinfo), taken before a scenario and
 * after its processes were reaped.
 */
#include "race_check.h"
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char text[8192];

static int slurp(const char *path)
{
	int fd = open(path, O_RDONLY), n, len = 0;

	if (fd < 0)
		return -1;
	while ((n = (int)read(fd, text + len, sizeof(text) - 1 - (size_t)len)) > 0)
		len += n;
	close(fd);
	text[len] = '\0';
	return len;
}

void kstate_take(struct kstate *s)
{
	char *p, *line;

	memset(s, 0, sizeof(*s));
	s->memfree_kb = -1;
	if (slurp("/proc/meminfo") > 0 && (p = strstr(text, "MemFree:")))
		s->memfree_kb = strtol(p + 8, NULL, 10);
	if (slurp("/proc/slabinfo") <= 0)
		return;
	line = strchr(text, '\n');
	line = line ? strchr(line + 1, '\n') : NULL; /* past the two header lines */
	while (line && line[1] && s->ncaches < KSTATE_CACHES) {
		char name[24];
		long active;

		if (sscanf(line + 1, "%23s %ld", name, &active) == 2) {
			strcpy(s->cache[s->ncaches], name);
			s->objects[s->ncaches++] = active;
		}
		line = strchr(line + 1, '\n');
	}
}

const char *kstate_diff(const struct kstate *a, const struct kstate *b)
{
	static char why[200];
	int len = 0;

	why[0] = '\0';
	if (a->memfree_kb != b->memfree_kb)
		len += snprintf(why + len, sizeof(why) - (size_t)len, " MemFree %ld->%ld kB",
				a->memfree_kb, b->memfree_kb);
	if (a->ncaches != b->ncaches)
		len += snprintf(why + len, sizeof(why) - (size_t)len, " caches %d->%d",
				a->ncaches, b->ncaches);
	for (int i = 0; i < a->ncaches && i < b->ncaches && len < 150; i++)
		if (a->objects[i] != b->objects[i] || strcmp(a->cache[i], b->cache[i]))
			len += snprintf(why + len, sizeof(why) - (size_t)len, " %s %ld->%ld",
					a->cache[i], a->objects[i], b->objects[i]);
	return len ? why : NULL;
}
