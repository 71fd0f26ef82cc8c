/*
 * getcwd: tick386 has no working directory per process (no chdir; the
 * kernel resolves every path from the root), so the answer is always "/".
 * Errors as glibc's: EINVAL for a buffer of size 0, ERANGE when "/" and
 * its NUL do not fit; a NULL buffer is malloc'd (glibc's extension: of
 * size bytes, or as many as needed when size is 0).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

char *getcwd(char *buf, size_t size)
{
	if (!buf) {
		buf = malloc(size ? size : 2);
		if (!buf) {
			errno = ENOMEM;
			return NULL;
		}
		if (size == 0)
			size = 2;
		else if (size < 2) {
			free(buf);
			errno = ERANGE;
			return NULL;
		}
	} else if (size == 0) {
		errno = EINVAL;
		return NULL;
	} else if (size < 2) {
		errno = ERANGE;
		return NULL;
	}
	strcpy(buf, "/");
	return buf;
}
