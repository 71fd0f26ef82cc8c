/*
 * The exec family on the execve system call.  execvp and execlp search
 * PATH (default "/bin:/usr/bin", as glibc's confstr) when the file name
 * has no '/', trying the next directory on ENOENT, ENOTDIR and EACCES and
 * reporting EACCES if some candidate existed but could not run.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "syscall.h"

#define EXECL_ARGS_MAX 256

int execve(const char *path, char *const argv[], char *const envp[])
{
	return (int)sys_ret(sys_3(__NR_execve, (long)path, (long)argv, (long)envp));
}

int execv(const char *path, char *const argv[])
{
	return execve(path, argv, environ);
}

int execvpe(const char *file, char *const argv[], char *const envp[])
{
	const char *dirs = getenv("PATH");
	char buf[PATH_MAX];
	int saw_eacces = 0;

	if (!file || !*file) {
		errno = ENOENT;
		return -1;
	}
	if (strchr(file, '/'))
		return execve(file, argv, envp);
	if (!dirs)
		dirs = "/bin:/usr/bin";
	for (;;) {
		const char *end = strchr(dirs, ':');
		size_t dlen = end ? (size_t)(end - dirs) : strlen(dirs);
		size_t flen = strlen(file);

		if (dlen + 1 + flen < sizeof(buf)) {
			memcpy(buf, dlen ? dirs : ".", dlen ? dlen : 1);
			if (!dlen)
				dlen = 1;
			buf[dlen] = '/';
			memcpy(buf + dlen + 1, file, flen + 1);
			execve(buf, argv, envp);
			if (errno == EACCES)
				saw_eacces = 1;
			else if (errno != ENOENT && errno != ENOTDIR)
				return -1;
		}
		if (!end)
			break;
		dirs = end + 1;
	}
	errno = saw_eacces ? EACCES : ENOENT;
	return -1;
}

int execvp(const char *file, char *const argv[])
{
	return execvpe(file, argv, environ);
}

/* Collect the variadic list (arg0, ..., NULL) into argv; envp after it for execle. */
static int collect(const char *arg0, va_list ap, char *argv[], char *const **envp)
{
	int n = 0;

	argv[n++] = (char *)arg0;
	while (arg0) {
		if (n == EXECL_ARGS_MAX) {
			errno = E2BIG;
			return -1;
		}
		argv[n] = va_arg(ap, char *);
		if (!argv[n++])
			break;
	}
	if (envp)
		*envp = va_arg(ap, char *const *);
	return 0;
}

int execl(const char *path, const char *arg0, ...)
{
	char *argv[EXECL_ARGS_MAX];
	va_list ap;
	int rc;

	va_start(ap, arg0);
	rc = collect(arg0, ap, argv, NULL);
	va_end(ap);
	return rc ? rc : execve(path, argv, environ);
}

int execlp(const char *file, const char *arg0, ...)
{
	char *argv[EXECL_ARGS_MAX];
	va_list ap;
	int rc;

	va_start(ap, arg0);
	rc = collect(arg0, ap, argv, NULL);
	va_end(ap);
	return rc ? rc : execvp(file, argv);
}

int execle(const char *path, const char *arg0, ...)
{
	char *argv[EXECL_ARGS_MAX];
	char *const *envp;
	va_list ap;
	int rc;

	va_start(ap, arg0);
	rc = collect(arg0, ap, argv, &envp);
	va_end(ap);
	return rc ? rc : execve(path, argv, envp);
}
