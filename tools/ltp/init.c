/*
 * The init of tools/ltp/run-tick386: runs the LTP tests that /bin/.ltp-list
 * names ("NAME SECONDS" a line: the test and its time limit, from
 * tools/ltp/limits), one after another, and prints each one's output and
 * end between markers on the console:
 *
 *     === out NAME          then what the test printed (stdout and stderr)
 *     === status NAME S     S: exit status, 128+N killed by signal N,
 *                           124 killed at its time limit
 *
 * as tools/i386/batch-init does on Linux, so that the same split and the
 * same parser (tools/ltp/result) serve both sides.  The test runs as a
 * child in a process group of its own; at its limit the whole group is
 * killed, as LTP's runner does, so that no child of it outlives it.  The
 * output goes straight to the console: tick386 has no file system to keep
 * it in yet.  Built with tools/ucc.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int run(const char *name, int limit)
{
	char path[300];
	struct timespec deadline, now, left;
	sigset_t chld;
	int status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "/bin/%s", name);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 126;
	if (pid == 0) {
		char *argv[] = {(char *)name, NULL};
		char *envp[] = {"PATH=/bin", "TMPDIR=/tmp", NULL};

		setpgid(0, 0);
		sigprocmask(SIG_UNBLOCK, &chld, NULL);
		dup2(1, 2);
		/*
		 * In a writable directory: Linux's initramfs root, where the
		 * Linux side runs, is writable and tick386's is not; a test
		 * that writes into its working directory without asking LTP
		 * for a temporary one (epoll_pwait06's tst_fd) needs it.
		 */
		if (chdir("/tmp"))
			printf("ltp-init: chdir /tmp: %s\n", strerror(errno));
		execve(path, argv, envp);
		printf("ltp-init: execve %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid); /* before the wait: a kill(-pid) must find it */
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += limit;
	while (waitpid(pid, &status, WNOHANG) == 0) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		left.tv_sec = deadline.tv_sec - now.tv_sec;
		left.tv_nsec = deadline.tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_nsec += 1000000000L;
			left.tv_sec--;
		}
		if (left.tv_sec < 0)
			left.tv_sec = left.tv_nsec = 0;
		if (sigtimedwait(&chld, NULL, &left) < 0 && errno == EAGAIN) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			status = -1;
			break;
		}
	}
	while (waitpid(-1, NULL, WNOHANG) > 0) /* children it left to init */
		;
	if (status == -1)
		return 124;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int main(void)
{
	char line[300], name[256];
	sigset_t chld;
	FILE *list;
	int limit;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	list = fopen("/bin/.ltp-list", "r");
	if (!list) {
		printf("ltp-init: /bin/.ltp-list: %s\n", strerror(errno));
		return 1;
	}
	while (fgets(line, sizeof(line), list)) {
		if (sscanf(line, "%255s %d", name, &limit) != 2 || limit <= 0)
			continue;
		printf("=== out %s\n", name);
		fflush(stdout);
		printf("\n=== status %s %d\n", name, run(name, limit));
		fflush(stdout);
	}
	printf("=== batch done\n");
	return 0;
}
