/*
 * putenv: the string itself becomes part of the environment (a later
 * change to it changes the environment), replacing an entry of the same
 * name; a string without '=' removes that name, as glibc does (unsetenv:
 * EINVAL for ""), one function per object: a program may define its own.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int __env_put(char *entry, size_t len); /* env.c */

int putenv(char *string)
{
	char *eq = strchr(string, '=');

	if (!eq)
		return unsetenv(string);
	if (__env_put(string, (size_t)(eq - string)) < 0) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}
