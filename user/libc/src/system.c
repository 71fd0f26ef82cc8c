/*
 * system(3) as POSIX gives it: "/bin/sh -c COMMAND" in a child while the
 * caller ignores SIGINT and SIGQUIT and blocks SIGCHLD, then the child's
 * wait status (127 as its exit status when the shell could not run);
 * system(NULL) says whether there is a shell.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int system(const char *command)
{
	struct sigaction ign, old_int, old_quit;
	sigset_t chld, old_mask;
	pid_t pid;
	int status = -1;

	if (!command)
		return access("/bin/sh", X_OK) == 0;

	ign.sa_handler = SIG_IGN;
	ign.sa_flags = 0;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &old_int);
	sigaction(SIGQUIT, &ign, &old_quit);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &old_mask);

	pid = fork();
	if (pid == 0) {
		char *argv[] = {"sh", "-c", (char *)command, NULL};

		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGQUIT, &old_quit, NULL);
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		execve("/bin/sh", argv, environ);
		_exit(127);
	}
	if (pid > 0) {
		while (waitpid(pid, &status, 0) < 0) {
			if (errno != EINTR) {
				status = -1;
				break;
			}
		}
	}

	{
		int saved = errno;

		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGQUIT, &old_quit, NULL);
		sigprocmask(SIG_SETMASK, &old_mask, NULL);
		errno = saved;
	}
	return status;
}
