/*
 * linux-init/init.c: the init of the Linux i386 run of the conformance suite
 * (tests/conformance/harness linux-i386).  Not a test itself (no TAP).
 *
 *   init NAME...      (the kernel's command line after "--")
 *
 * Runs /bin/NAME --allow-settime for each NAME in turn, each a child of its
 * own, its output between two lines
 *     === begin NAME
 *     === end NAME status S
 * where S is the exit status, 128+N when signal N ended it, 124 when it
 * ran longer than 60 s (then it is killed).  Then powers off: Linux's init
 * must not exit.  /proc is mounted first (conformance/proc.c reads it),
 * devtmpfs on /dev, and tmpfs on /tmp and /dev/shm, as tick386's kernel
 * mounts them.
 * Built with tools/ucc --linux-numbers, like the programs.
 */
#include <errno.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/reboot.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TIMEOUT_S 60

extern char **environ;

static int run(const char *name)
{
	char path[128];
	char *argv[] = {(char *)name, "--allow-settime", NULL};
	struct timespec timeout = {TIMEOUT_S, 0};
	sigset_t chld;
	int status = 0;
	pid_t pid;

	snprintf(path, sizeof(path), "/bin/%s", name);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	pid = fork();
	if (pid < 0)
		return 126;
	if (pid == 0) {
		sigprocmask(SIG_UNBLOCK, &chld, NULL);
		execve(path, argv, environ);
		printf("linux_init: execve %s: errno %d\n", path, errno);
		_exit(127);
	}
	/* wait for it, at most TIMEOUT_S of (virtual) time */
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (sigtimedwait(&chld, NULL, &timeout) < 0 && errno == EAGAIN) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return 124;
		}
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* The loopback up, as any Linux system's init has it (conformance/sockets.c
 * connects to 127.0.0.1; tick386 models Linux with only lo up). */
static void loopback_up(void)
{
	struct ifreq ifr;
	int s = socket(AF_INET, SOCK_DGRAM, 0);

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (s >= 0 && ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(s, SIOCSIFFLAGS, &ifr);
	}
	if (s >= 0)
		close(s);
}

int main(int argc, char **argv)
{
	sigset_t chld;

	mkdir("/proc", 0555);
	mount("proc", "/proc", "proc", 0, NULL);
	/* tmpfs where tick386 has it (conformance/tmpfs.c, fifo.c work under /dev/shm) */
	mkdir("/tmp", 01777);
	mount("tmpfs", "/tmp", "tmpfs", 0, "mode=1777");
	mkdir("/dev", 0755);
	/* The kernel's device nodes (/dev/null, /dev/zero, ...: conformance/
	 * devices.c), as tick386's /dev has its own. */
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	mkdir("/dev/shm", 01777);
	mount("tmpfs", "/dev/shm", "tmpfs", 0, "mode=1777");
	loopback_up();
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	for (int i = 1; i < argc; i++) {
		printf("=== begin %s\n", argv[i]);
		printf("=== end %s status %d\n", argv[i], run(argv[i]));
	}
	if (argc == 1) {
		/* No names given: every program in /bin.  (Linux's command line
		 * holds at most 32 arguments for init: the suite has more.) */
		DIR *d = opendir("/bin");
		struct dirent *e;

		while (d && (e = readdir(d)) != NULL) {
			if (e->d_name[0] == '.')
				continue;
			printf("=== begin %s\n", e->d_name);
			printf("=== end %s status %d\n", e->d_name, run(e->d_name));
		}
		if (d)
			closedir(d);
	}
	if (getpid() == 1)
		for (;;)
			reboot(RB_POWER_OFF);
	return 0;
}
