/*
 * freopen: the stream closed and opened again on path with mode, keeping
 * its descriptor number when the new one differs (so freopen(..., stdout)
 * makes descriptor 1 the file, as glibc's does); error and end-of-file
 * flags and a pushed-back byte are cleared.  A NULL path opens the same
 * file again with the new mode through /proc/self/fd/N, as glibc; where
 * there is no such name (tick386's /proc has none) the descriptor is kept
 * and takes the new mode's O_APPEND, its access mode unchanged (a mode
 * asking for more than it has is EBADF).  A bad mode is
 * EINVAL with the stream untouched; when the open fails the old stream
 * stays closed, as POSIX says, and NULL is returned.  stdio is unbuffered
 * (stdio.c): there is nothing to flush.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "file_stream.h"

/* fd, just opened, becomes f's descriptor: moved onto the old number
 * unless it is that number already (or f had none). */
static FILE *onto(FILE *f, int fd, int flags)
{
	if (f->fd < 0 || fd == f->fd) {
		f->fd = fd;
		return f;
	}
	if (dup2(fd, f->fd) < 0) {
		int saved = errno;

		close(fd);
		errno = saved;
		return NULL;
	}
	close(fd);
	if (flags & O_CLOEXEC)
		fcntl(f->fd, F_SETFD, FD_CLOEXEC);
	return f;
}

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
		char self[32];
		int old;

		/* glibc's way: the same file opened again by its /proc name. */
		snprintf(self, sizeof(self), "/proc/self/fd/%d", f->fd);
		fd = open(self, flags, 0666);
		if (fd >= 0)
			return onto(f, fd, flags);
		if (errno != ENOENT)
			return NULL;
		/* No /proc/self/fd (tick386): the flags changed in place. */
		old = fcntl(f->fd, F_GETFL);
		if (old < 0)
			return NULL;
		if ((old & O_ACCMODE) != O_RDWR && (flags & O_ACCMODE) != (old & O_ACCMODE)) {
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
	return onto(f, fd, flags);
}
