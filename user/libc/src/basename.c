/*
 * basename: the last component of PATH, trailing slashes removed (written
 * over with '\0' in PATH); "/" when PATH is only slashes, "." when it is
 * NULL or empty.  Glibc's POSIX basename answers the same (tests/libc
 * cmp_libgen.c).  A file of its own: a program may define basename.
 */
#include <libgen.h>
#include <string.h>

char *basename(char *path)
{
	static char dot[] = ".", slash[] = "/";
	size_t n;
	char *start;

	if (!path || !*path)
		return dot;
	n = strlen(path);
	while (n > 0 && path[n - 1] == '/')
		n--;
	if (n == 0)
		return slash;
	path[n] = '\0';
	start = path + n;
	while (start > path && start[-1] != '/')
		start--;
	return start;
}
