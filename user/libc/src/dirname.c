/*
 * dirname: PATH without its last component and the slashes around it
 * (cut with a '\0' in PATH).  "." when there is no directory part (NULL,
 * "", "a", "a/"); a path of the root alone gives "/", except exactly two
 * leading slashes, which POSIX lets mean something else ("//" and "//a"
 * give "//"), as glibc's dirname answers (tests/libc cmp_libgen.c).  A
 * file of its own: a program may define dirname.
 */
#include <libgen.h>
#include <string.h>

char *dirname(char *path)
{
	static char dot[] = ".";
	size_t n, lead = 0;

	if (!path || !*path)
		return dot;
	while (path[lead] == '/')
		lead++;
	n = strlen(path);
	while (n > 0 && path[n - 1] == '/') /* trailing slashes */
		n--;
	while (n > 0 && path[n - 1] != '/') /* the last component */
		n--;
	while (n > 0 && path[n - 1] == '/') /* the slashes before it */
		n--;
	if (lead == 0 && n == 0)
		return dot; /* a relative name without a directory */
	if (n == 0) /* only the leading slashes are left */
		n = lead == 2 ? 2 : 1;
	path[n] = '\0';
	return path;
}
