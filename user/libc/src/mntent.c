/*
 * setmntent, endmntent, getmntent, getmntent_r: the mount table's lines
 * (<mntent.h>), read as glibc reads them: blank lines and lines whose
 * first non-blank is '#' are skipped; trailing blanks are dropped; fields
 * are separated by runs of spaces and tabs, a missing one is "" (freq and
 * passno 0); \040 \011 \012 \134 and \\ in the four names are a space, a
 * tab, a newline and a backslash.  A line longer than the buffer is cut
 * there, the rest of it skipped.
 */
#include <mntent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

FILE *setmntent(const char *file, const char *mode)
{
	char m[8];
	size_t n = strlen(mode);

	if (n > sizeof(m) - 2)
		n = sizeof(m) - 2;
	memcpy(m, mode, n);
	m[n] = 'e'; /* close on exec, as glibc */
	m[n + 1] = '\0';
	return fopen(file, m);
}

int endmntent(FILE *stream)
{
	if (stream)
		fclose(stream);
	return 1;
}

/* Undo the octal escapes in place. */
static char *unescape(char *s)
{
	char *r = s, *w = s;

	while (*r) {
		if (r[0] == '\\') {
			if (r[1] == '0' && r[2] == '4' && r[3] == '0') {
				*w++ = ' ', r += 4;
				continue;
			}
			if (r[1] == '0' && r[2] == '1' && (r[3] == '1' || r[3] == '2')) {
				*w++ = r[3] == '1' ? '\t' : '\n', r += 4;
				continue;
			}
			if (r[1] == '1' && r[2] == '3' && r[3] == '4') {
				*w++ = '\\', r += 4;
				continue;
			}
			if (r[1] == '\\') {
				*w++ = '\\', r += 2;
				continue;
			}
		}
		*w++ = *r++;
	}
	*w = '\0';
	return s;
}

static int blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next field of *p (blanks before it skipped), "" when there is none. */
static char *field(char **p)
{
	char *s = *p, *start;

	if (!s)
		return (char *)"";
	while (blank(*s))
		s++;
	start = s;
	while (*s && !blank(*s))
		s++;
	if (*s)
		*s++ = '\0';
	else if (s == start) {
		*p = NULL;
		return start;
	}
	*p = s;
	return unescape(start);
}

/* A decimal int after blanks, as sscanf's %d; 0 when there is none. */
static int number(char **p, int *out)
{
	char *s = *p, *end;
	long v;

	if (!s)
		return 0;
	while (blank(*s))
		s++;
	v = strtol(s, &end, 10);
	if (end == s)
		return 0;
	*out = (int)v;
	*p = end;
	return 1;
}

struct mntent *getmntent_r(FILE *stream, struct mntent *mnt, char *buf, int buflen)
{
	char *line, *end, *p;
	size_t len;

	for (;;) {
		if (!fgets(buf, buflen, stream))
			return NULL;
		len = strlen(buf);
		if (len && buf[len - 1] != '\n') {
			/* cut: skip the rest of the line */
			char rest[256];
			size_t r;

			do {
				if (!fgets(rest, sizeof(rest), stream))
					break;
				r = strlen(rest);
			} while (r && rest[r - 1] != '\n');
		} else if (len) {
			buf[--len] = '\0';
		}
		end = buf + len;
		while (end > buf && blank(end[-1]))
			end--;
		*end = '\0';
		line = buf;
		while (blank(*line))
			line++;
		if (*line && *line != '#')
			break;
	}
	p = line;
	mnt->mnt_fsname = field(&p);
	mnt->mnt_dir = field(&p);
	mnt->mnt_type = field(&p);
	mnt->mnt_opts = field(&p);
	if (!number(&p, &mnt->mnt_freq))
		mnt->mnt_freq = 0, mnt->mnt_passno = 0;
	else if (!number(&p, &mnt->mnt_passno))
		mnt->mnt_passno = 0;
	return mnt;
}

struct mntent *getmntent(FILE *stream)
{
	static struct mntent m;
	static char *buf;

	if (!buf && !(buf = malloc(4096)))
		return NULL;
	return getmntent_r(stream, &m, buf, 4096);
}
