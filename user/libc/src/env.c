/*
 * The environment: environ as the kernel passed it (often empty), with
 * setenv, putenv (putenv.c) and unsetenv working on a copy of the array
 * made at the first addition.  setenv's strings are copies, putenv's the
 * caller's own; unsetenv takes out every entry of the name, whoever made it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **env_owned; /* environ, once we own the array */

static int env_find(const char *name, size_t len)
{
	int i;

	for (i = 0; environ && environ[i]; i++)
		if (!strncmp(environ[i], name, len) && environ[i][len] == '=')
			return i;
	return -1;
}

char *getenv(const char *name)
{
	size_t len = strlen(name);
	int i = env_find(name, len);

	return i < 0 ? NULL : environ[i] + len + 1;
}

static int env_count(void)
{
	int n = 0;

	while (environ && environ[n])
		n++;
	return n;
}

/*
 * Make entry ("NAME=value", NAME len bytes long) the environment's NAME:
 * it replaces an entry of that name or is added at the end (the array
 * copied at the first addition, grown after).  The string itself goes in,
 * not a copy: putenv's strings stay the caller's (putenv.c).  0, or -1 and
 * ENOMEM with nothing changed.
 */
int __env_put(char *entry, size_t len)
{
	int i = env_find(entry, len), n;

	if (i >= 0) {
		environ[i] = entry;
		return 0;
	}
	n = env_count();
	if (environ != env_owned) {
		char **copy = malloc((size_t)(n + 2) * sizeof(char *));

		if (!copy)
			return -1;
		if (n)
			memcpy(copy, environ, (size_t)n * sizeof(char *));
		env_owned = environ = copy;
	} else {
		char **grown = realloc(env_owned, (size_t)(n + 2) * sizeof(char *));

		if (!grown)
			return -1;
		env_owned = environ = grown;
	}
	environ[n] = entry;
	environ[n + 1] = NULL;
	return 0;
}

int setenv(const char *name, const char *value, int overwrite)
{
	size_t len = strlen(name);
	char *entry;

	if (!len || strchr(name, '=')) {
		errno = EINVAL;
		return -1;
	}
	if (env_find(name, len) >= 0 && !overwrite)
		return 0;
	entry = malloc(len + strlen(value) + 2);
	if (!entry)
		return -1;
	strcpy(entry, name);
	entry[len] = '=';
	strcpy(entry + len + 1, value);
	if (__env_put(entry, len) < 0) {
		free(entry);
		return -1;
	}
	return 0;
}

int unsetenv(const char *name)
{
	size_t len = strlen(name);
	int i;

	if (!len || strchr(name, '=')) {
		errno = EINVAL;
		return -1;
	}
	while ((i = env_find(name, len)) >= 0)
		for (; environ[i]; i++)
			environ[i] = environ[i + 1];
	return 0;
}
