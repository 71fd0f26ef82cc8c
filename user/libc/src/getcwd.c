/*
 * getcwd over the system call (183), which writes the path and its NUL
 * and returns their length.  glibc's edges: EINVAL for a buffer of size
 * 0; a NULL buffer is malloc'd (of size bytes, or as many as needed when
 * size is 0); ERANGE, ENOENT (the directory was removed) from the kernel.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "syscall.h"

char *getcwd(char *buf, size_t size)
{
	char *mine = NULL;
	long n;

	if (buf && size == 0) {
		errno = EINVAL;
		return NULL;
	}
	if (!buf) {
		mine = malloc(size ? size : PATH_MAX);
		if (!mine) {
			errno = ENOMEM;
			return NULL;
		}
		buf = mine;
		if (!size)
			size = PATH_MAX;
	}
	n = sys_2(__NR_getcwd, (long)buf, (long)size);
	if (sys_is_error(n)) {
		free(mine);
		errno = (int)-n;
		return NULL;
	}
	if (mine && size == PATH_MAX) {
		char *fit = realloc(mine, (size_t)n);

		if (fit)
			buf = fit;
	}
	return buf;
}
