/*
 * putenv: the string itself becomes part of the environment (a later
 * change to it changes the environment), replacing an entry of the same
 * name; a string without '=' removes that name and returns 0, as glibc
 * does (even for "", where unsetenv leaves EINVAL in errno).  One
 * function per object: a program may define its own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int __env_put(char *entry, size_t len); /* env.c */

int putenv(char *string)
{
	char *eq = strchr(string, '=');

	if (!eq) {
		unsetenv(string); /* its EINVAL for "" stays in errno; putenv says 0, as glibc */
		return 0;
	}
	if (__env_put(string, (size_t)(eq - string)) < 0) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}
