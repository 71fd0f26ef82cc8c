/*
 * Resource limits as the kernel keeps them for each process: getrlimit,
 * setrlimit, prlimit (its 64-bit call) and their errors; what is enforced:
 * RLIMIT_NOFILE (no descriptor at or past it: EMFILE, dup2 EBADF, F_DUPFD
 * EINVAL), RLIMIT_FSIZE (a write cut at the limit, then EFBIG with SIGXFSZ;
 * truncation past it EFBIG), RLIMIT_CPU (one SIGXCPU at the soft limit,
 * SIGKILL at the hard one); a child inherits the limits; raising a hard
 * limit needs privilege (as nobody: EPERM).  No values that depend on the
 * system's own configuration are printed.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "conformance.h"

static volatile sig_atomic_t xfsz, xcpu_fd = -1;

static void on_xfsz(int sig)
{
	(void)sig;
	xfsz++;
}

static void on_xcpu(int sig)
{
	(void)sig;
	if (write(xcpu_fd, "x", 1) != 1)
		_exit(9);
}

static void nofile(void)
{
	struct rlimit old, r;
	int fds[16], n = 0, fd;

	getrlimit(RLIMIT_NOFILE, &old);
	r.rlim_cur = 10;
	r.rlim_max = old.rlim_max;
	ok(setrlimit(RLIMIT_NOFILE, &r) == 0, "setrlimit(RLIMIT_NOFILE, 10)");
	while (n < 16 && (fd = dup(0)) >= 0)
		fds[n++] = fd;
	why("last fd %d", n ? fds[n - 1] : -1);
	ok(n && fds[n - 1] == 9 && errno == EMFILE, "descriptors up to 9, then EMFILE");
	EXPECT(dup2(0, 10), EBADF, "dup2 to 10 -> EBADF");
	EXPECT(fcntl(0, F_DUPFD, 10), EINVAL, "F_DUPFD from 10 -> EINVAL");
	while (n)
		close(fds[--n]);
	ok(setrlimit(RLIMIT_NOFILE, &old) == 0, "the old limit back");
}

static void fsize(void)
{
	struct rlimit old, r;
	char buf[2000];
	char dir[64];
	int fd;

	strcpy(dir, "/dev/shm/conf-rlimit-XXXXXX");
	if (!mkdtemp(dir) || chdir(dir)) {
		ok(0, "a directory under /dev/shm");
		return;
	}
	set_disposition(SIGXFSZ, on_xfsz);
	getrlimit(RLIMIT_FSIZE, &old);
	r.rlim_cur = 1000;
	r.rlim_max = old.rlim_max;
	ok(setrlimit(RLIMIT_FSIZE, &r) == 0, "setrlimit(RLIMIT_FSIZE, 1000)");
	fd = open("f", O_RDWR | O_CREAT, 0600);
	memset(buf, 'a', sizeof(buf));
	ok(write(fd, buf, sizeof(buf)) == 1000, "a write of 2000 bytes stops at 1000");
	ok(xfsz == 0, "no SIGXFSZ for the cut write");
	EXPECT(write(fd, buf, 10), EFBIG, "the next write -> EFBIG");
	ok(xfsz == 1, "and SIGXFSZ");
	ok(pwrite(fd, buf, 10, 500) == 10, "a write below the limit still works");
	EXPECT(ftruncate(fd, 5000), EFBIG, "ftruncate past the limit -> EFBIG");
	ok(ftruncate(fd, 100) == 0, "ftruncate below it works");
	ok(setrlimit(RLIMIT_FSIZE, &old) == 0, "the old limit back");
	ok(write(fd, buf, sizeof(buf)) == (ssize_t)sizeof(buf), "then the whole write");
	close(fd);
	unlink("f");
	chdir("/");
	rmdir(dir);
	set_disposition(SIGXFSZ, SIG_DFL);
}

/* A child with RLIMIT_CPU 1 s soft, 2 s hard: one SIGXCPU, then SIGKILL. */
static void cpu(void)
{
	int p[2], status, n = 0;
	char c;
	pid_t pid;

	if (pipe(p))
		return;
	pid = fork();
	if (pid == 0) {
		struct rlimit r = {1, 2};

		close(p[0]);
		xcpu_fd = p[1];
		set_disposition(SIGXCPU, on_xcpu);
		if (setrlimit(RLIMIT_CPU, &r))
			_exit(3);
		for (;;)
			burn_cpu(CLOCK_PROCESS_CPUTIME_ID, 10 * NS_PER_MS, 10 * NS_PER_S);
	}
	close(p[1]);
	while (read(p[0], &c, 1) == 1)
		n++;
	close(p[0]);
	ok(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL,
	   "RLIMIT_CPU {1, 2}: killed by SIGKILL at the hard limit");
	why("SIGXCPU %d times", n);
	ok(n == 1, "after one SIGXCPU at the soft limit");
}

static void inherit_and_errors(void)
{
	struct rlimit old, r, got;
	struct rlimit64 r64;
	int status;
	pid_t pid;

	getrlimit(RLIMIT_CORE, &old);
	r.rlim_cur = 0;
	r.rlim_max = old.rlim_max;
	ok(setrlimit(RLIMIT_CORE, &r) == 0, "RLIMIT_CORE soft 0");
	pid = fork();
	if (pid == 0)
		_exit(getrlimit(RLIMIT_CORE, &got) == 0 && got.rlim_cur == 0 ? 0 : 1);
	ok(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a child inherits it");
	ok(prlimit(getpid(), RLIMIT_CORE, NULL, &got) == 0 && got.rlim_cur == 0, "prlimit(own pid) reads it");
	ok(prlimit(0, RLIMIT_CORE, &old, NULL) == 0 && getrlimit(RLIMIT_CORE, &got) == 0 &&
	       got.rlim_cur == old.rlim_cur,
	   "prlimit(0) sets it back");
	ok(prlimit64(0, RLIMIT_NOFILE, NULL, &r64) == 0 && r64.rlim_cur >= 3, "prlimit64 reads RLIMIT_NOFILE");
	EXPECT(getrlimit(99, &got), EINVAL, "getrlimit(99) -> EINVAL");
	EXPECT(getrlimit(RLIMIT_NLIMITS, &got), EINVAL, "getrlimit(RLIMIT_NLIMITS) -> EINVAL");
	r.rlim_cur = 10;
	r.rlim_max = 5;
	EXPECT(setrlimit(RLIMIT_CORE, &r), EINVAL, "soft above hard -> EINVAL");
	EXPECT(prlimit(0, 99, NULL, &got), EINVAL, "prlimit(resource 99) -> EINVAL");
	EXPECT(prlimit(999999, RLIMIT_CORE, NULL, &got), ESRCH, "prlimit(no such pid) -> ESRCH");
	EXPECT(prlimit(-1, RLIMIT_CORE, NULL, &got), ESRCH, "prlimit(pid -1) -> ESRCH");

	if (geteuid() != 0) {
		skip("needs root", "raising a hard limit unprivileged -> EPERM");
		return;
	}
	pid = fork();
	if (pid == 0) {
		struct rlimit lim = {0, 100};

		if (setrlimit(RLIMIT_CORE, &lim) || setresuid(65534, 65534, 65534))
			_exit(2);
		lim.rlim_max = 200;
		_exit(setrlimit(RLIMIT_CORE, &lim) == -1 && errno == EPERM ? 0 : 1);
	}
	ok(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "as nobody, raising the hard limit -> EPERM");
	pid = fork();
	if (pid == 0) {
		struct rlimit lim = {0, 100};

		if (setresuid(65534, 65534, 65534))
			_exit(2);
		_exit(prlimit(1, RLIMIT_CORE, NULL, &lim) == -1 && errno == EPERM ? 0 : 1);
	}
	ok(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "as nobody, prlimit of init -> EPERM");
}

int main(void)
{
	nofile();
	fsize();
	cpu();
	inherit_and_errors();
	return done();
}
