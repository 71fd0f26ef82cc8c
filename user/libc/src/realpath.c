/*
 * realpath: the absolute name of path with ".", ".." and repeated slashes
 * gone.  tick386 has no symbolic links, so the names are only checked
 * (ENOENT, ENOTDIR, as glibc finds them walking) and joined.  resolved
 * NULL: malloc'd.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *realpath(const char *restrict path, char *restrict resolved)
{
	char out[PATH_MAX];
	size_t len;
	struct stat st;

	if (!path) {
		errno = EINVAL;
		return NULL;
	}
	if (!path[0]) {
		errno = ENOENT;
		return NULL;
	}
	if (path[0] == '/') {
		len = 0;
	} else {
		if (!getcwd(out, sizeof(out)))
			return NULL;
		len = strlen(out);
		if (len == 1)
			len = 0; /* "/": components add their own slash */
	}
	out[len] = '\0';
	while (*path) {
		const char *name;
		size_t n;

		while (*path == '/')
			path++;
		name = path;
		while (*path && *path != '/')
			path++;
		n = (size_t)(path - name);
		if (n == 0 || (n == 1 && name[0] == '.'))
			continue;
		if (n == 2 && name[0] == '.' && name[1] == '.') {
			while (len > 0 && out[len - 1] != '/')
				len--;
			if (len > 0)
				len--;
			out[len] = '\0';
			continue;
		}
		if (len + 1 + n >= sizeof(out)) {
			errno = ENAMETOOLONG;
			return NULL;
		}
		out[len++] = '/';
		memcpy(out + len, name, n);
		len += n;
		out[len] = '\0';
		if (stat(out, &st))
			return NULL;
		if (*path && !S_ISDIR(st.st_mode)) {
			errno = ENOTDIR;
			return NULL;
		}
	}
	if (len == 0) {
		out[0] = '/';
		out[1] = '\0';
	}
	if (!resolved) {
		resolved = malloc(strlen(out) + 1);
		if (!resolved) {
			errno = ENOMEM;
			return NULL;
		}
	}
	return strcpy(resolved, out);
}
