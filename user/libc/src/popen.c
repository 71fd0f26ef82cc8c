/*
 * popen, pclose: a command run by "/bin/sh -c" in a child, with a pipe to
 * its standard input ("w") or from its standard output ("r").  The mode is
 * read as glibc reads it: 'r', 'w' and 'e' (O_CLOEXEC on the caller's
 * end) in any order, exactly one of 'r' and 'w' among them; anything else
 * is EINVAL.  As POSIX asks, the child closes the streams of
 * earlier popen calls that are still open (their descriptors: the list
 * below), and the caller's end of each pipe is close-on-exec in the child
 * too; the shell missing makes the child exit 127.  pclose closes the
 * stream and waits for that child (through EINTR), returning its wait
 * status; a stream popen did not return is ECHILD, and is left open.
 * Both live here: they share the list.  The list is not locked: popen
 * and pclose are not thread-safe here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct popen_child {
	FILE *f;
	pid_t pid;
	struct popen_child *next;
};

static struct popen_child *children;

/* 1 for reading, 0 for writing, -1 for a bad mode; *cloexec for 'e'. */
static int popen_mode(const char *mode, int *cloexec)
{
	int r = 0, w = 0;

	for (; *mode; mode++) {
		if (*mode == 'r')
			r = 1;
		else if (*mode == 'w')
			w = 1;
		else if (*mode == 'e')
			*cloexec = 1;
		else
			return -1;
	}
	return r == w ? -1 : r;
}

FILE *popen(const char *command, const char *mode)
{
	int reading, cloexec = 0, fds[2], mine, theirs, target;
	struct popen_child *c;
	pid_t pid;

	reading = popen_mode(mode, &cloexec);
	if (reading < 0) {
		errno = EINVAL;
		return NULL;
	}
	c = malloc(sizeof(*c));
	if (!c) {
		errno = ENOMEM;
		return NULL;
	}
	if (pipe2(fds, O_CLOEXEC) < 0) {
		free(c);
		return NULL;
	}
	mine = reading ? fds[0] : fds[1];
	theirs = reading ? fds[1] : fds[0];
	target = reading ? 1 : 0;
	pid = fork();
	if (pid == 0) {
		char *argv[] = {"sh", "-c", (char *)command, NULL};
		struct popen_child *o;

		for (o = children; o; o = o->next)
			close(fileno(o->f));
		if (theirs == target)
			fcntl(theirs, F_SETFD, 0); /* dup2 onto itself would keep O_CLOEXEC */
		else if (dup2(theirs, target) < 0)
			_exit(127);
		execve("/bin/sh", argv, environ);
		_exit(127);
	}
	close(theirs);
	if (pid < 0)
		goto fail;
	c->f = fdopen(mine, reading ? "r" : "w");
	if (!c->f) {
		int status;

		close(mine);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		free(c);
		errno = ENOMEM;
		return NULL;
	}
	if (!cloexec)
		fcntl(mine, F_SETFD, 0);
	c->pid = pid;
	c->next = children;
	children = c;
	return c->f;
fail : {
	int saved = errno;

	close(mine);
	free(c);
	errno = saved;
	return NULL;
}
}

int pclose(FILE *f)
{
	struct popen_child **p, *c;
	int status;
	pid_t r;

	for (p = &children; *p && (*p)->f != f; p = &(*p)->next)
		;
	c = *p;
	if (!c) {
		errno = ECHILD;
		return -1;
	}
	*p = c->next;
	fclose(f);
	while ((r = waitpid(c->pid, &status, 0)) < 0 && errno == EINTR)
		;
	free(c);
	return r < 0 ? -1 : status;
}
