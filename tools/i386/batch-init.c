/*
 * The init of tools/i386/linux-batch: runs the programs that
 * /bin/.batch-list names (one a line, "NAME", "NAME merged", and either
 * followed by " limit=SECONDS", that program's own time limit; the other
 * files of /bin are there for them to use), one after another, in Debian's Linux 6.1 i386 booted in QEMU, and prints
 * each one's results between markers on the console:
 *
 *     === out NAME          its standard output
 *     === err NAME          its standard error (empty when "merged": it
 *                           went into the standard output, as 2>&1)
 *     === status NAME S     S: exit status, 128+N killed by signal N,
 *                           124 when it ran past the time limit
 *
 * Each program runs alone as a child of init with no arguments, standard
 * input /dev/null, and its two outputs in files of the initramfs (rootfs is
 * writable), which are copied out after it ends.  The console (ttyS0)
 * keeps Linux's own messages: on a port of their own, the results never
 * mix with them, whatever a program prints.  argv[1], when given, is the
 * limit in seconds (default 60).  Then powers off: Linux's init must not
 * exit.  Built as a static i386 program against glibc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static int limit_s = 60;
static FILE *results; /* ttyS1, raw */

/* Copy FILE to the results port, then remove it.  A last line without its
 * newline gets one, so that the next marker starts a line. */
static void dump(const char *file)
{
	char buf[4096], last = '\n';
	ssize_t n;
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return;
	fflush(results);
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		if (write(fileno(results), buf, (size_t)n) != n)
			break;
		last = buf[n - 1];
	}
	if (last != '\n')
		(void)!write(fileno(results), "\n", 1);
	close(fd);
	unlink(file);
}

static int run(const char *name, int merged, int limit)
{
	char path[300], out[300], err[300];
	struct timespec deadline, now, timeout;
	sigset_t chld;
	int status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "/bin/%s", name);
	snprintf(out, sizeof(out), "/tmp/%s.out", name);
	snprintf(err, sizeof(err), "/tmp/%s.err", name);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	fflush(results);
	pid = fork();
	if (pid < 0)
		return 126;
	if (pid == 0) {
		char *argv[] = {(char *)name, NULL};
		char *envp[] = {"PATH=/bin", NULL};
		int in = open("/dev/null", O_RDONLY);
		int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int e = merged ? dup(o) : open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (in < 0 || o < 0 || e < 0 || dup2(in, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
			_exit(126);
		sigprocmask(SIG_UNBLOCK, &chld, NULL);
		setsid();
		execve(path, argv, envp);
		dprintf(2, "batch-init: execve %s: %s\n", path, strerror(errno));
		_exit(127);
	}
	/* Wait for it, at most LIMIT seconds of (virtual) time from its start
	 * (a deadline: the SIGCHLD of an orphan it leaves to init does not
	 * restart the count); then kill its whole session, so that no child
	 * of it outlives it. */
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += limit;
	while (waitpid(pid, &status, WNOHANG) == 0) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		timeout.tv_sec = deadline.tv_sec - now.tv_sec;
		timeout.tv_nsec = deadline.tv_nsec - now.tv_nsec;
		if (timeout.tv_nsec < 0) {
			timeout.tv_nsec += 1000000000L;
			timeout.tv_sec--;
		}
		if (timeout.tv_sec < 0)
			timeout.tv_sec = timeout.tv_nsec = 0;
		if (sigtimedwait(&chld, NULL, &timeout) < 0 && errno == EAGAIN) {
			kill(-pid, SIGKILL);
			waitpid(pid, &status, 0);
			status = -1;
			break;
		}
	}
	while (waitpid(-1, NULL, WNOHANG) > 0) /* orphans it left to init */
		;
	fprintf(results, "=== out %s\n", name);
	dump(out);
	fprintf(results, "=== err %s\n", name);
	dump(err);
	if (status == -1)
		return 124;
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* Bring the loopback interface up, as an installed system's boot does:
 * programs connect to 127.0.0.1 (LTP's epoll_wait05), and Linux starts
 * it down.  Quietly: a kernel without networking has nothing to raise. */
static void loopback_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	if (s < 0)
		return;
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	close(s);
}

int main(int argc, char **argv)
{
	char name[256];
	sigset_t chld;
	FILE *list;

	if (argc > 1 && atoi(argv[1]) > 0)
		limit_s = atoi(argv[1]);
	mkdir("/proc", 0555);
	mount("proc", "/proc", "proc", 0, NULL);
	mkdir("/dev", 0755);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mkdir("/tmp", 01777);
	loopback_up();
	results = fopen("/dev/ttyS1", "w");
	if (!results) {
		printf("batch-init: /dev/ttyS1: %s\n", strerror(errno));
		results = stdout;
	} else {
		struct termios raw;

		if (tcgetattr(fileno(results), &raw) == 0) {
			cfmakeraw(&raw);
			tcsetattr(fileno(results), TCSANOW, &raw);
		}
	}
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	list = fopen("/bin/.batch-list", "r");
	while (list && fgets(name, sizeof(name), list)) {
		char *flag, *lim;
		int status, limit = limit_s;

		name[strcspn(name, "\n")] = '\0';
		flag = strchr(name, ' ');
		if (flag)
			*flag++ = '\0';
		if (name[0] == '\0')
			continue;
		lim = flag ? strstr(flag, "limit=") : NULL;
		if (lim && atoi(lim + 6) > 0)
			limit = atoi(lim + 6);
		status = run(name, flag && !strncmp(flag, "merged", 6), limit);

		fprintf(results, "=== status %s %d\n", name, status);
		fflush(results);
	}
	fprintf(results, "=== batch done\n");
	fflush(results);
	sync();
	for (;;)
		reboot(RB_POWER_OFF);
}
