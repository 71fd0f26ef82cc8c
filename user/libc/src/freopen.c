/*
 * freopen: the stream closed and opened again on path with mode, keeping
 * its descriptor number when the new one differs (so freopen(..., stdout)
 * makes descriptor 1 the file, as glibc's does); error and end-of-file
 * flags and a pushed-back byte are cleared.  A NULL path keeps the file
 * and takes the new mode's O_APPEND (the access mode cannot change: a
 * mode asking for more than the descriptor has is EBADF).  A bad mode is
 * EINVAL with the stream untouched; when the open fails the old stream
 * stays closed, as POSIX says, and NULL is returned.  stdio is unbuffered
 * (stdio.c): there is nothing to flush.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "file_stream.h"

FILE *freopen(const char *path, const char *mode, FILE *f)
{
	int flags = __stdio_mode_flags(mode);
	int fd;

	if (flags < 0) {
		errno = EINVAL;
		return NULL;
	}
	f->error = 0;
	f->eof = 0;
	f->unget = EOF;
	if (!path) {
		int old = fcntl(f->fd, F_GETFL);
		int acc = flags & O_ACCMODE, have = old & O_ACCMODE;

		if (old < 0)
			return NULL;
		if (have != O_RDWR && acc != have) {
			errno = EBADF;
			return NULL;
		}
		if (fcntl(f->fd, F_SETFL, (old & ~O_APPEND) | (flags & O_APPEND)) < 0)
			return NULL;
		if (flags & O_CLOEXEC)
			fcntl(f->fd, F_SETFD, FD_CLOEXEC);
		return f;
	}
	if (f->fd >= 0)
		close(f->fd);
	fd = open(path, flags, 0666);
	if (fd < 0) {
		f->fd = -1;
		return NULL;
	}
	if (f->fd >= 0 && fd != f->fd) {
		if (dup2(fd, f->fd) < 0) {
			int saved = errno;

			close(fd);
			f->fd = -1;
			errno = saved;
			return NULL;
		}
		close(fd);
		if (flags & O_CLOEXEC)
			fcntl(f->fd, F_SETFD, FD_CLOEXEC);
	} else {
		f->fd = fd;
	}
	return f;
}
