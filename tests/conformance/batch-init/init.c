/*
 * batch-init/init.c: the init of a tick386 boot that runs many conformance
 * programs in turn (tests/conformance/harness tick386, through
 * tools/runprog).  Not a test itself (no TAP).
 *
 *   init LIST        LIST: a file of program names, one a line
 *
 * Runs /bin/NAME --allow-settime for each NAME in turn (as tools/runprog
 * runs one program as init), each a child of its own, its output between
 *     === begin NAME
 *     === end NAME status S
 * where S is the exit status or 128+N when signal N ended it, as runprog
 * says of init.  The end line starts on a line of its own even after output
 * with no final newline.  A program that hangs is not killed here: the host
 * (runprog's RUNPROG_TIMEOUT, which a begin line restarts) stops the boot,
 * and the harness reruns the programs not reached in a fresh one.
 *
 * Each program starts from the state a boot of its own would give it, as
 * near as it matters:
 *   - it leads a session and a process group of its own (as init did);
 *     fds 0-2 only; SIGCHLD unblocked; init's environment;
 *   - after it: every process left (its orphans, which come to init, and
 *     whatever they started) is killed and reaped, so that none runs into
 *     the next program;
 *   - CLOCK_REALTIME is put back to where it would be had nobody set it
 *     (the offset from CLOCK_MONOTONIC read before the program), and the
 *     host and domain names to what they were: programs set them;
 *   - sysinfo() empties the slab quarantine under slub_debug, which checks
 *     every object freed last (mm/slab_debug.h): a use after free by this
 *     program panics before its end line, so it is reported against it.
 * Programs that change other global state (adjtimex's leap second state:
 * leap_tai) run in a boot of their own (they have their own QEMU options).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PROGRAMS 128
#define NAME_MAX_LEN 64

extern char **environ;

static long long ns_of(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Kill every process but this one and reap them all. */
static void reap_everything(void)
{
	kill(-1, SIGKILL);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
}

static int run(const char *name)
{
	char path[NAME_MAX_LEN + 8];
	char *argv[] = {(char *)name, "--allow-settime", NULL};
	int status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "/bin/%.*s", NAME_MAX_LEN, name);
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return 126;
	if (pid == 0) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		setsid();
		execve(path, argv, environ);
		printf("batch-init: execve %s: errno %d\n", path, errno);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return 126;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

static void restore_names(const struct utsname *was)
{
	struct utsname now;

	if (uname(&now) != 0)
		return;
	if (strcmp(now.nodename, was->nodename) != 0)
		sethostname(was->nodename, strlen(was->nodename));
	if (strcmp(now.domainname, was->domainname) != 0)
		setdomainname(was->domainname, strlen(was->domainname));
}

static void restore_realtime(long long offset)
{
	long long ns = ns_of(CLOCK_MONOTONIC) + offset;
	struct timespec ts = {ns / 1000000000LL, ns % 1000000000LL};

	clock_settime(CLOCK_REALTIME, &ts);
}

int main(int argc, char **argv)
{
	static char names[MAX_PROGRAMS][NAME_MAX_LEN];
	int count = 0;
	sigset_t chld;
	FILE *list;

	if (argc != 2 || !(list = fopen(argv[1], "r"))) {
		printf("usage: init LIST (a file of program names)\n");
		return 2;
	}
	while (count < MAX_PROGRAMS && fgets(names[count], NAME_MAX_LEN, list)) {
		names[count][strcspn(names[count], "\n")] = '\0';
		if (names[count][0])
			count++;
	}
	fclose(list); /* the programs get fds 0-2 only */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	for (int i = 0; i < count; i++) {
		long long offset = ns_of(CLOCK_REALTIME) - ns_of(CLOCK_MONOTONIC);
		struct utsname was;
		struct sysinfo si;
		int status;

		uname(&was);
		printf("=== begin %s\n", names[i]);
		status = run(names[i]);
		reap_everything();
		restore_realtime(offset);
		restore_names(&was);
		sysinfo(&si);
		printf("\n=== end %s status %d\n", names[i], status);
	}
	fflush(stdout);
	return 0;
}
