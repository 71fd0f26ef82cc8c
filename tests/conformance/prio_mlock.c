/*
 * The process calls LTP's library and tests reach for besides waiting:
 * nice values (getpriority, setpriority, nice; the raw getpriority's
 * 20 - nice; PRIO_PROCESS, PRIO_PGRP, PRIO_USER; clamping; EINVAL, ESRCH;
 * fork's copy), memory locking (mlock faults the range in, as mincore
 * shows; the rounding; ENOMEM for a hole; mlockall's flags, MCL_FUTURE
 * populating later mappings until munlockall and not across fork),
 * unshare (what a single-threaded process may unshare; unknown flags
 * EINVAL; namespaces: EINVAL on tick386, which has none, SKIP on Linux,
 * which has them: uname's version tells) and vfork (the child's _exit
 * status).  Run as root: lowering a nice value needs it.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include "conformance.h"

#define PG 4096

/* getpriority's value, with errno's name in *err ("0" when none). */
static int prio_of(int which, int who, const char **err)
{
	int v;

	errno = 0;
	v = getpriority(which, (id_t)who);
	*err = errname(errno);
	return v;
}

static void expect_prio(int which, int who, int want, const char *what)
{
	const char *err;
	int v = prio_of(which, who, &err);

	why("%d errno %s", v, err);
	ok(v == want && !strcmp(err, "0"), "getpriority(%s) -> %d", what, want);
}

static void priorities(void)
{
	int fds[2], status;
	const char *err;
	char c;
	pid_t pid;

	setpgid(0, 0); /* a group of our own: PRIO_PGRP sees only us and our children */
	EXPECT(setpriority(PRIO_PROCESS, 0, 0), 0, "setpriority(PRIO_PROCESS, 0, 0)");
	expect_prio(PRIO_PROCESS, 0, 0, "PRIO_PROCESS, 0");
	EXPECT(setpriority(PRIO_PROCESS, 0, 5), 0, "setpriority(PRIO_PROCESS, 0, 5)");
	expect_prio(PRIO_PROCESS, 0, 5, "PRIO_PROCESS, 0");
	expect_prio(PRIO_PROCESS, getpid(), 5, "PRIO_PROCESS, getpid()");
	why("%ld", syscall(__NR_getpriority, PRIO_PROCESS, 0));
	ok(syscall(__NR_getpriority, PRIO_PROCESS, 0) == 15,
	   "the raw getpriority -> 20 - nice = 15");
	EXPECT(setpriority(PRIO_PROCESS, getpid(), 25), 0, "setpriority(PRIO_PROCESS, pid, 25)");
	expect_prio(PRIO_PROCESS, 0, 19, "PRIO_PROCESS, 0 after 25: clamped");
	EXPECT(setpriority(PRIO_PROCESS, 0, -25), 0, "setpriority(PRIO_PROCESS, 0, -25) as root");
	expect_prio(PRIO_PROCESS, 0, -20, "PRIO_PROCESS, 0 after -25: clamped");
	ok(syscall(__NR_getpriority, PRIO_PROCESS, 0) == 40, "the raw getpriority -> 40 at -20");
	setpriority(PRIO_PROCESS, 0, 0);

	errno = 0;
	ok(nice(3) == 3 && errno == 0, "nice(3) -> 3, errno untouched");
	ok(nice(-1) == 2, "nice(-1) -> 2");
	ok(nice(100) == 19, "nice(100) -> 19");
	ok(nice(-100) == -20, "nice(-100) -> -20");
	ok(nice(0) == -20, "nice(0) -> -20");
	setpriority(PRIO_PROCESS, 0, 0);

	EXPECT(getpriority(3, 0), EINVAL, "getpriority(3, 0)");
	EXPECT(getpriority(-1, 0), EINVAL, "getpriority(-1, 0)");
	EXPECT(setpriority(3, 0, 0), EINVAL, "setpriority(3, 0, 0)");
	EXPECT(setpriority(-1, 0, 0), EINVAL, "setpriority(-1, 0, 0)");
	EXPECT(getpriority(PRIO_PROCESS, 0x3ffffff0), ESRCH, "getpriority of a pid nobody has");
	EXPECT(setpriority(PRIO_PROCESS, 0x3ffffff0, 1), ESRCH, "setpriority of a pid nobody has");
	EXPECT(getpriority(PRIO_PROCESS, (id_t)-1), ESRCH, "getpriority(PRIO_PROCESS, -1)");
	EXPECT(getpriority(PRIO_PGRP, 0x3ffffff0), ESRCH, "getpriority of a group nobody has");
	EXPECT(setpriority(PRIO_PGRP, 0x3ffffff0, 1), ESRCH, "setpriority of a group nobody has");
	EXPECT(getpriority(PRIO_USER, 54321), ESRCH, "getpriority of a user nobody is");
	EXPECT(setpriority(PRIO_USER, 54321, 1), ESRCH, "setpriority of a user nobody is");

	EXPECT(setpriority(PRIO_PGRP, 0, 7), 0, "setpriority(PRIO_PGRP, 0, 7)");
	expect_prio(PRIO_PROCESS, 0, 7, "PRIO_PROCESS, 0 after the group's 7");
	expect_prio(PRIO_PGRP, 0, 7, "PRIO_PGRP, 0");
	expect_prio(PRIO_PGRP, getpgrp(), 7, "PRIO_PGRP, getpgrp()");

	/* A child: it starts with our value; its own change is its own; the
	 * group's answer is the lowest value of its members. */
	if (pipe(fds) < 0)
		return;
	pid = fork();
	if (pid == 0) {
		int v = getpriority(PRIO_PROCESS, 0);

		setpriority(PRIO_PROCESS, 0, -5);
		if (write(fds[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(v + 20);
	}
	if (read(fds[0], &c, 1) != 1)
		c = 0;
	expect_prio(PRIO_PROCESS, pid, -5, "PRIO_PROCESS of the child after its setpriority");
	expect_prio(PRIO_PROCESS, 0, 7, "PRIO_PROCESS, 0: the child's change is not ours");
	expect_prio(PRIO_PGRP, 0, -5, "PRIO_PGRP, 0: the lowest of the group");
	EXPECT(setpriority(PRIO_PROCESS, pid, 9), 0, "setpriority of the child");
	expect_prio(PRIO_PGRP, 0, 7, "PRIO_PGRP, 0 after that");
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);

	pid = fork();
	if (pid == 0)
		_exit(getpriority(PRIO_PROCESS, 0) + 20);
	waitpid(pid, &status, 0);
	why("%#x", status);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 27, "a child of fork starts with nice 7");
	(void)prio_of(PRIO_PROCESS, 0, &err);
	setpriority(PRIO_PROCESS, 0, 0);
	close(fds[0]);
	close(fds[1]);
}

/* mincore of n pages at p as "1 0 1"... */
static const char *resident(void *p, int n)
{
	static char out[64];
	unsigned char vec[8];

	if (mincore(p, (size_t)n * PG, vec) < 0)
		return errname(errno);
	for (int i = 0; i < n; i++) {
		out[2 * i] = (char)('0' + (vec[i] & 1));
		out[2 * i + 1] = ' ';
	}
	out[2 * n - 1] = 0;
	return out;
}

static char *map(int n, int prot, int flags)
{
	void *p = mmap(NULL, (size_t)n * PG, prot, flags | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

#define RESIDENT(p, n, want, ...)                                                                  \
	do {                                                                                       \
		const char *r_ = resident((p), (n));                                               \
		why("%s", r_);                                                                     \
		ok(!strcmp(r_, (want)), __VA_ARGS__);                                              \
	} while (0)

static void locking(void)
{
	char *p = map(3, PROT_READ | PROT_WRITE, MAP_PRIVATE), *q;
	int status;
	pid_t pid;

	if (!p) {
		ok(0, "mmap of 3 pages");
		return;
	}
	RESIDENT(p, 3, "0 0 0", "3 pages never touched are not resident");
	EXPECT(mlock(p, 3 * PG), 0, "mlock of the 3 pages");
	RESIDENT(p, 3, "1 1 1", "mlock faulted them in");
	EXPECT(munlock(p, 3 * PG), 0, "munlock of the 3 pages");
	RESIDENT(p, 3, "1 1 1", "munlock leaves them in");
	munmap(p, 3 * PG);

	p = map(3, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	EXPECT(mlock(p + 100, 10), 0, "mlock of 10 bytes inside the first page");
	RESIDENT(p, 3, "1 0 0", "only that page came in");
	EXPECT(mlock(p + PG - 1, 2), 0, "mlock of 2 bytes across a page boundary");
	RESIDENT(p, 3, "1 1 0", "both pages of it are in");
	EXPECT(mlock(p + 2 * PG, 0), 0, "mlock of 0 bytes");
	RESIDENT(p, 3, "1 1 0", "which faults nothing in");
	EXPECT(munlock(p, 0), 0, "munlock of 0 bytes");
	munmap(p + PG, PG);
	EXPECT(mlock(p, 3 * PG), ENOMEM, "mlock over a hole");
	EXPECT(munlock(p, 3 * PG), ENOMEM, "munlock over a hole");
	EXPECT(mlock(p + PG, PG), ENOMEM, "mlock of the unmapped page");
	munmap(p, 3 * PG);

	p = map(2, PROT_READ, MAP_PRIVATE);
	EXPECT(mlock(p, 2 * PG), 0, "mlock of a read-only mapping");
	RESIDENT(p, 2, "1 1", "its pages are in");
	munmap(p, 2 * PG);
	p = map(2, PROT_READ | PROT_WRITE, MAP_SHARED);
	EXPECT(mlock(p, 2 * PG), 0, "mlock of a shared anonymous mapping");
	RESIDENT(p, 2, "1 1", "its pages are in");
	munmap(p, 2 * PG);

	EXPECT(mlockall(0), EINVAL, "mlockall(0)");
	EXPECT(mlockall(8), EINVAL, "mlockall(8)");
	EXPECT(mlockall(MCL_CURRENT | 8), EINVAL, "mlockall(MCL_CURRENT | 8)");
	EXPECT(mlockall(MCL_ONFAULT), EINVAL, "mlockall(MCL_ONFAULT)");
	p = map(2, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	EXPECT(mlockall(MCL_CURRENT), 0, "mlockall(MCL_CURRENT)");
	RESIDENT(p, 2, "1 1", "an untouched mapping is in after it");
	q = map(2, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	RESIDENT(q, 2, "0 0", "a later mapping is not (no MCL_FUTURE)");
	EXPECT(munlockall(), 0, "munlockall");
	munmap(p, 2 * PG);
	munmap(q, 2 * PG);

	EXPECT(mlockall(MCL_FUTURE), 0, "mlockall(MCL_FUTURE)");
	p = map(2, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	RESIDENT(p, 2, "1 1", "a mapping made after MCL_FUTURE is in at once");
	pid = fork();
	if (pid == 0) {
		char *c = map(2, PROT_READ | PROT_WRITE, MAP_PRIVATE);

		_exit(c && !strcmp(resident(c, 2), "0 0") ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a child of fork does not inherit MCL_FUTURE");
	EXPECT(munlockall(), 0, "munlockall");
	q = map(2, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	RESIDENT(q, 2, "0 0", "after munlockall a new mapping is not in");
	munmap(p, 2 * PG);
	munmap(q, 2 * PG);
	EXPECT(mlockall(MCL_FUTURE | MCL_ONFAULT), 0, "mlockall(MCL_FUTURE | MCL_ONFAULT)");
	p = map(2, PROT_READ | PROT_WRITE, MAP_PRIVATE);
	RESIDENT(p, 2, "0 0", "with MCL_ONFAULT a new mapping waits for its faults");
	EXPECT(munlockall(), 0, "munlockall");
	munmap(p, 2 * PG);
}

static void unsharing(void)
{
	static const struct {
		int flag;
		const char *name;
	} fine[] =
	    {
		{0, "0"},
		{CLONE_FILES, "CLONE_FILES"},
		{CLONE_FS, "CLONE_FS"},
		{CLONE_SYSVSEM, "CLONE_SYSVSEM"},
		{CLONE_THREAD, "CLONE_THREAD"},
		{CLONE_SIGHAND, "CLONE_SIGHAND"},
		{CLONE_VM, "CLONE_VM"},
		{CLONE_FILES | CLONE_FS | CLONE_SYSVSEM, "CLONE_FILES | CLONE_FS | CLONE_SYSVSEM"},
	    },
	  bad[] =
	      {
		  {CLONE_VFORK, "CLONE_VFORK"},
		  {CLONE_PARENT, "CLONE_PARENT"},
		  {CLONE_SETTLS, "CLONE_SETTLS"},
		  {CLONE_CHILD_SETTID, "CLONE_CHILD_SETTID"},
		  {CLONE_FILES | CLONE_PTRACE, "CLONE_FILES | CLONE_PTRACE"},
		  {1, "1 (CSIGNAL's bits)"},
	      },
	  ns[] = {
	      {CLONE_NEWNS, "CLONE_NEWNS"},
	      {CLONE_NEWUTS, "CLONE_NEWUTS"},
	      {CLONE_NEWIPC, "CLONE_NEWIPC"},
	      {CLONE_NEWNET, "CLONE_NEWNET"},
	      {CLONE_NEWPID, "CLONE_NEWPID"},
	      {CLONE_NEWUSER, "CLONE_NEWUSER"},
	      {CLONE_NEWCGROUP, "CLONE_NEWCGROUP"},
	      {CLONE_FILES | CLONE_NEWUTS, "CLONE_FILES | CLONE_NEWUTS"},
	  };
	int fds[2];
	char c = 0;

	for (unsigned i = 0; i < sizeof(fine) / sizeof(*fine); i++)
		EXPECT(unshare(fine[i].flag), 0, "unshare(%s) in a single-threaded process",
		       fine[i].name);
	for (unsigned i = 0; i < sizeof(bad) / sizeof(*bad); i++)
		EXPECT(unshare(bad[i].flag), EINVAL, "unshare(%s)", bad[i].name);
	struct utsname u;
	int tick386 = uname(&u) == 0 && strstr(u.version, "tick386") != NULL;

	for (unsigned i = 0; i < sizeof(ns) / sizeof(*ns); i++) {
		if (!tick386)
			skip("this kernel has namespaces", "unshare(%s) -> EINVAL", ns[i].name);
		else
			EXPECT(unshare(ns[i].flag), EINVAL, "unshare(%s)", ns[i].name);
	}
	ok(pipe(fds) == 0 && unshare(CLONE_FILES) == 0 && write(fds[1], "y", 1) == 1 &&
	       read(fds[0], &c, 1) == 1 && c == 'y',
	   "the descriptors work after unshare(CLONE_FILES)");
	close(fds[0]);
	close(fds[1]);
}

static void vforking(void)
{
	int status = -1;
	pid_t pid = vfork();

	if (pid == 0)
		_exit(3);
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 3,
	   "vfork: the child's _exit(3) is its status");
	pid = vfork();
	if (pid == 0) {
		char *argv[] = {"none", NULL};

		execve("/no/such/program", argv, argv + 1);
		_exit(errno == ENOENT ? 4 : 5);
	}
	ok(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 4,
	   "vfork: a failed execve in the child, then _exit");
}

int main(void)
{
	priorities();
	locking();
	unsharing();
	vforking();
	done();
	return 0;
}
