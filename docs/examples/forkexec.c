/*
 * The README's example: fork, exec a program of the file tree, wait.
 *     tools/runprog docs/examples/forkexec.c
 */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		execl("/bin/hello", "hello", "from", "a", "child", (char *)NULL);
		perror("execl");
		_exit(127);
	}
	waitpid(pid, &status, 0);
	printf("parent %d: child %d exited with status %d\n", (int)getpid(), (int)pid,
	       WEXITSTATUS(status));
	return WEXITSTATUS(status);
}
