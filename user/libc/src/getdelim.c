/*
 * getdelim: a line up to and including delim, into *line (malloc'd, grown
 * with realloc, *size its capacity), NUL-terminated.  Returns the bytes
 * read, or -1 at end of file with nothing read, on a read error, or with
 * EINVAL for a NULL line or size, ENOMEM when the buffer cannot grow.
 * (POSIX; glibc's behaviour on each.)
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

ssize_t getdelim(char **line, size_t *size, int delim, FILE *f)
{
	size_t n = 0;
	int c;

	if (!line || !size) {
		errno = EINVAL;
		return -1;
	}
	if (!*line)
		*size = 0;
	for (;;) {
		c = fgetc(f);
		if (c == EOF)
			break;
		if (n + 2 > *size) { /* this byte and the NUL */
			size_t want = *size ? *size * 2 : 120;
			char *bigger = realloc(*line, want);

			if (!bigger) {
				errno = ENOMEM;
				return -1;
			}
			*line = bigger;
			*size = want;
		}
		(*line)[n++] = (char)c;
		if (c == delim)
			break;
	}
	if (n == 0) {
		if (*line && *size)
			(*line)[0] = '\0';
		return -1;
	}
	(*line)[n] = '\0';
	return (ssize_t)n;
}
