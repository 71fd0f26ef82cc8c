/*
 * init: what `make run` boots.  It runs the demo (/bin/demo); then, given
 * -i (mk/run.mk passes it when make's input is a terminal), it becomes the
 * shell, whose end (exit, ^D) ends init and with it the machine.  Without
 * -i (CI, `make run </dev/null`) it ends after the demo, with its status.
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	char *demo[] = {"demo", NULL}, *sh[] = {"sh", NULL};
	int ws = 0, interactive = argc > 1 && !strcmp(argv[1], "-i");
	pid_t pid = fork();

	if (pid == 0) {
		execve("/bin/demo", demo, environ);
		perror("init: /bin/demo");
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &ws, 0);
	if (!interactive)
		return WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
	execve("/bin/sh", sh, environ);
	perror("init: /bin/sh");
	return 127;
}
