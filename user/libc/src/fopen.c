/*
 * fopen, fdopen, fclose: streams on other descriptors than 0-2.  stdio is
 * unbuffered (stdio.c), so a stream is only its descriptor and its flags:
 * fclose has nothing to flush.  The mode is parsed as glibc parses it:
 * r, w or a first (else EINVAL), then any of + (read and write), b
 * (ignored), x (O_EXCL), e (O_CLOEXEC).  A stream is malloc'd; closing one
 * of the three standard ones closes the descriptor and keeps the object.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "file_stream.h"

/* The open flags of a mode, or -1 (EINVAL): file_stream.h. */
int __stdio_mode_flags(const char *mode)
{
	int flags;

	switch (*mode) {
	case 'r': flags = O_RDONLY; break;
	case 'w': flags = O_WRONLY | O_CREAT | O_TRUNC; break;
	case 'a': flags = O_WRONLY | O_CREAT | O_APPEND; break;
	default: return -1;
	}
	while (*++mode) {
		if (*mode == '+')
			flags = (flags & ~O_ACCMODE) | O_RDWR;
		else if (*mode == 'x')
			flags |= O_EXCL;
		else if (*mode == 'e')
			flags |= O_CLOEXEC;
	}
	return flags;
}

FILE *fdopen(int fd, const char *mode)
{
	FILE *f;

	if (__stdio_mode_flags(mode) < 0) {
		errno = EINVAL;
		return NULL;
	}
	f = malloc(sizeof(*f));
	if (!f) {
		errno = ENOMEM;
		return NULL;
	}
	f->fd = fd;
	f->error = 0;
	f->eof = 0;
	f->unget = EOF;
	return f;
}

FILE *fopen(const char *path, const char *mode)
{
	int flags = __stdio_mode_flags(mode);
	int fd;
	FILE *f;

	if (flags < 0) {
		errno = EINVAL;
		return NULL;
	}
	fd = open(path, flags, 0666);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, mode);
	if (!f)
		close(fd);
	return f;
}

int fclose(FILE *f)
{
	int r = close(f->fd);

	if (f != stdin && f != stdout && f != stderr)
		free(f);
	return r < 0 ? EOF : 0;
}
