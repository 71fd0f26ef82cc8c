/*
 * mkstemp, mkostemp, mkdtemp: the six X's at the end of the template become
 * letters and digits until a name is free (O_EXCL, mkdir's EEXIST), as
 * glibc: EINVAL when the template does not end in "XXXXXX", EEXIST after
 * every try met an existing name.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TRIES 238328 /* 62^3, glibc's */

static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

static unsigned long long next_value(void)
{
	static unsigned long long v;
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	v += ((unsigned long long)ts.tv_nsec << 16) ^ (unsigned long long)ts.tv_sec ^
	     (unsigned long long)getpid() * 7777 ^ 0x9e3779b97f4a7c15ull;
	return v;
}

/* kind: 0 a file opened with flags, 1 a directory. */
static int try_names(char *tmpl, int kind, int flags)
{
	size_t len = strlen(tmpl);
	char *x;

	if (len < 6 || strcmp(tmpl + len - 6, "XXXXXX")) {
		errno = EINVAL;
		return -1;
	}
	x = tmpl + len - 6;
	for (int t = 0; t < TRIES; t++) {
		unsigned long long v = next_value();
		int fd;

		for (int i = 0; i < 6; i++, v /= 62)
			x[i] = letters[v % 62];
		if (kind)
			fd = mkdir(tmpl, 0700);
		else
			fd = open(tmpl, (flags & ~O_ACCMODE) | O_RDWR | O_CREAT | O_EXCL, 0600);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

int mkostemp(char *tmpl, int flags)
{
	return try_names(tmpl, 0, flags);
}

int mkstemp(char *tmpl)
{
	return try_names(tmpl, 0, 0);
}

char *mkdtemp(char *tmpl)
{
	return try_names(tmpl, 1, 0) == 0 ? tmpl : NULL;
}
