/*
 * Credentials, run as root: the uid/gid calls (real, effective, saved,
 * file-system ids, supplementary groups) with POSIX/Linux rules and
 * errors; what fork, threads and execve do with them; and the privilege
 * checks an unprivileged caller meets: EPERM from clock_settime,
 * settimeofday, adjtimex/clock_adjtime/adjtime that change something,
 * sethostname, setdomainname, mount, umount2, setgroups, kill/sigqueue/
 * tgkill of a root process (SIGCONT within the session allowed); file
 * permissions in a tmpfs directory (/dev/shm): EACCES for a 0600 root
 * file, a root directory's write, a 0700 directory's search; the sticky
 * bit's EPERM; chmod/chown by the owner only; new files owned by fsuid.
 *
 * Each case runs in a child that drops its ids and reports "want, got,
 * description" lines on a pipe; the parent prints them as TAP, so the
 * numbering stays the parent's.  The exec'd image (argv[1] "exec-check")
 * reports on the descriptor it is given.
 */
#define _GNU_SOURCE
#include "conformance.h"

#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/wait.h>

#define NOBODY 65534

static int rfd = -1;
static volatile int neg_one = -1; /* a size the compiler cannot see */
static char self[256];
static char dir[64];

static void put(const char *desc, const char *want, const char *got)
{
	dprintf(rfd, "%s\t%s\t%s\n", want, got, desc);
}

/* A call's outcome: "0" for success (any value >= 0), else errno's name. */
#define CHK(call, want, desc)                                                  \
	do {                                                                   \
		errno = 0;                                                     \
		long r_ = (long)(call);                                        \
		put(desc, want, r_ == -1 ? errname(errno) : "0");              \
	} while (0)

static void put_ids(const char *desc, const char *want)
{
	uid_t r, e, s;
	gid_t gr, ge, gs;
	char got[128];

	if (getresuid(&r, &e, &s) || getresgid(&gr, &ge, &gs)) {
		put(desc, want, "getres*id failed");
		return;
	}
	snprintf(got, sizeof(got), "u %u %u %u fs %d g %u %u %u fs %d", r, e, s, setfsuid(-1), gr,
		 ge, gs, setfsgid(-1));
	put(desc, want, got);
}

static void put_num(const char *desc, long want, long got)
{
	char w[32], g[32];

	snprintf(w, sizeof(w), "%ld", want);
	snprintf(g, sizeof(g), "%ld", got);
	put(desc, w, g);
}

/* The Uid: and Gid: lines of /proc/self/status, tabs as spaces. */
static void put_status(const char *desc, const char *want)
{
	char line[256], got[256] = "";
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "Uid:", 4) || !strncmp(line, "Gid:", 4) ||
		    !strncmp(line, "Groups:", 7)) {
			for (char *p = line; *p; p++)
				if (*p == '\t' || *p == '\n')
					*p = ' ';
			strncat(got, line, sizeof(got) - strlen(got) - 1);
		}
	if (f)
		fclose(f);
	put(desc, want, got);
}

static void path(char *buf, const char *name)
{
	snprintf(buf, 128, "%s/%s", dir, name);
}

/* Run fn in a child; print what it reports; the child must exit 0. */
static void run(const char *what, void (*fn)(void))
{
	int p[2];
	pid_t pid;
	char *line = NULL;
	size_t cap = 0;
	FILE *f;
	int st;

	if (pipe(p)) {
		ok(0, "%s: pipe", what);
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		rfd = p[1];
		fn();
		_exit(0);
	}
	close(p[1]);
	f = fdopen(p[0], "r");
	while (getline(&line, &cap, f) > 0) {
		char *want = line, *got = strchr(want, '\t'), *desc;

		if (!got)
			continue;
		*got++ = '\0';
		desc = strchr(got, '\t');
		if (!desc)
			continue;
		*desc++ = '\0';
		desc[strcspn(desc, "\n")] = '\0';
		why("got %s", got);
		ok(strcmp(want, got) == 0, "%s: %s -> %s", what, desc, want);
	}
	free(line);
	fclose(f);
	ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "%s: the child ends normally", what);
}

/* --- root, then seteuid(nobody) and back --------------------------------- */

static void as_root(void)
{
	gid_t three[3] = {5, 3, 1000}, got[8];
	gid_t bad = (gid_t)-1;
	char buf[64];
	int n;

	put_num("getuid", 0, (long)getuid());
	put_num("geteuid", 0, (long)geteuid());
	put_num("getgid", 0, (long)getgid());
	put_num("getegid", 0, (long)getegid());
	CHK(setgroups(3, three), "0", "setgroups of 3");
	put_num("getgroups(0) counts them", 3, getgroups(0, NULL));
	CHK(getgroups(2, got), "EINVAL", "getgroups with too small a list");
	CHK(getgroups(neg_one, got), "EINVAL", "getgroups of a negative size");
	memset(got, 0, sizeof(got));
	n = getgroups(8, got);
	snprintf(buf, sizeof(buf), "%d: %u %u %u", n, got[0], got[1], got[2]);
	put("getgroups gives them sorted", "3: 3 5 1000", buf);
	put_status("/proc/self/status with groups",
		   "Uid: 0 0 0 0 Gid: 0 0 0 0 Groups: 3 5 1000  ");
	CHK(setgroups(65537, three), "EINVAL", "setgroups above NGROUPS_MAX");
	CHK(setgroups(1, &bad), "EINVAL", "setgroups of (gid_t)-1");
	CHK(setgroups(1, (gid_t *)BAD_PTR_LOW), "EFAULT", "setgroups of a bad list");
	put_num("a refused setgroups keeps the groups", 3, getgroups(0, NULL));
	CHK(setgroups(0, NULL), "0", "setgroups of none");
	put_num("getgroups(0) after it", 0, getgroups(0, NULL));
	CHK(setuid((uid_t)-1), "EINVAL", "setuid(-1)");
	CHK(setgid((gid_t)-1), "EINVAL", "setgid(-1)");
	CHK(seteuid((uid_t)-1), "EINVAL", "seteuid(-1)");
	put_ids("all ids 0", "u 0 0 0 fs 0 g 0 0 0 fs 0");
	put_num("setfsuid returns the old fsuid", 0, setfsuid(1234));
	put_ids("root may set any fsuid", "u 0 0 0 fs 1234 g 0 0 0 fs 0");
	setfsuid(0);
}

static void euid_nobody(void)
{
	char secret[128], pub[128];
	struct timespec now;
	struct timeval tv;
	struct timex tx;
	union sigval sv = {.sival_int = 1};

	path(secret, "secret");
	path(pub, "pub");
	setgroups(0, NULL);
	CHK(seteuid(NOBODY), "0", "seteuid(65534)");
	put_ids("only the effective and fs uid moved", "u 0 65534 0 fs 65534 g 0 0 0 fs 0");
	put_status("/proc/self/status", "Uid: 0 65534 0 65534 Gid: 0 0 0 0 Groups:   ");
	clock_gettime(CLOCK_REALTIME, &now);
	CHK(clock_settime(CLOCK_REALTIME, &now), "EPERM", "clock_settime");
	now.tv_nsec = 1000000000;
	CHK(clock_settime(CLOCK_REALTIME, &now), "EINVAL", "clock_settime of a bad time: EINVAL first");
	gettimeofday(&tv, NULL);
	CHK(settimeofday(&tv, NULL), "EPERM", "settimeofday");
	memset(&tx, 0, sizeof(tx));
	CHK(adjtimex(&tx), "0", "adjtimex reading (modes 0)");
	tx.modes = ADJ_FREQUENCY;
	CHK(adjtimex(&tx), "EPERM", "adjtimex ADJ_FREQUENCY");
	tx.modes = ADJ_TICK;
	tx.tick = 1;
	CHK(adjtimex(&tx), "EPERM", "adjtimex ADJ_TICK out of range: EPERM first");
	memset(&tx, 0, sizeof(tx));
	CHK(clock_adjtime(CLOCK_REALTIME, &tx), "0", "clock_adjtime reading");
	tx.modes = ADJ_OFFSET_SS_READ;
	CHK(clock_adjtime(CLOCK_REALTIME, &tx), "0", "clock_adjtime ADJ_OFFSET_SS_READ");
	tx.modes = ADJ_OFFSET_SINGLESHOT;
	CHK(clock_adjtime(CLOCK_REALTIME, &tx), "EPERM", "clock_adjtime ADJ_OFFSET_SINGLESHOT");
	tx.modes = ADJ_SETOFFSET;
	CHK(clock_adjtime(CLOCK_REALTIME, &tx), "EPERM", "clock_adjtime ADJ_SETOFFSET");
	tv.tv_sec = 0, tv.tv_usec = 0;
	CHK(adjtime(&tv, NULL), "EPERM", "adjtime of a delta");
	CHK(adjtime(NULL, &tv), "0", "adjtime(NULL) reads");
	CHK(sethostname("x", 1), "EPERM", "sethostname");
	CHK(sethostname(dir, (size_t)100000 - neg_one - 1), "EPERM", "sethostname of a bad length: EPERM first");
	CHK(setdomainname("x", 1), "EPERM", "setdomainname");
	CHK(mount("none", dir, "tmpfs", 0, NULL), "EPERM", "mount");
	CHK(mount("none", "/no/such/dir", "tmpfs", 0, NULL), "ENOENT",
	    "mount on a missing directory: ENOENT first");
	CHK(umount2(dir, 0), "EPERM", "umount2");
	CHK(setgroups(0, NULL), "EPERM", "setgroups");
	CHK(setuid(1234), "EPERM", "setuid to neither real nor saved");
	CHK(setresuid(-1, 1234, -1), "EPERM", "setresuid to another id");
	CHK(setreuid(1234, -1), "EPERM", "setreuid of the real id to another");
	CHK(setgid(1234), "EPERM", "setgid to another gid");
	CHK(open(secret, O_RDONLY), "EACCES", "open of a 0600 root file");
	CHK(open(pub, O_RDONLY), "0", "open of a 0644 root file for reading");
	CHK(open(pub, O_WRONLY), "EACCES", "open of a 0644 root file for writing");
	CHK(access(secret, R_OK), "0", "access checks the real uid (root)");
	CHK(faccessat(AT_FDCWD, secret, R_OK, AT_EACCESS), "EACCES",
	    "faccessat AT_EACCESS checks the effective uid");
	CHK(kill(getppid(), 0), "0", "kill of a root process: the real uid is root");
	CHK(setpriority(PRIO_PROCESS, 0, 5), "0", "setpriority: a higher nice value");
	CHK(setpriority(PRIO_PROCESS, 0, 4), "EACCES", "setpriority: a lower nice value");
	CHK(setpriority(PRIO_PROCESS, getppid(), 10), "EPERM", "setpriority of a root process");
	CHK(seteuid(0), "0", "seteuid(0): the saved uid is 0");
	put_ids("back to root", "u 0 0 0 fs 0 g 0 0 0 fs 0");
	CHK(sigqueue(getpid(), 0, sv), "0", "sigqueue to itself");
	CHK(setuid(0), "0", "setuid(0) as root");
}

/* --- all ids nobody -------------------------------------------------------- */

static void drop_all(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		put("drop to nobody", "0", errname(errno));
}

static void nobody(void)
{
	char secret[128], pub[128], sticky[128], rootfile[128], mine[128], closed[128], inner[128],
	    ro[128], newf[128], moved[128];
	union sigval sv = {.sival_int = 1};
	struct timespec now, times[2] = {{0, 0}, {0, 0}};
	struct stat st;
	char buf[64];
	int fd;

	path(secret, "secret");
	path(pub, "pub");
	path(sticky, "sticky");
	path(rootfile, "sticky/rootfile");
	path(mine, "sticky/mine");
	path(moved, "sticky/moved");
	path(closed, "closed");
	path(inner, "closed/f");
	path(ro, "ro");
	path(newf, "ro/new");
	drop_all();
	put_ids("setgroups, setgid, setuid to nobody",
		"u 65534 65534 65534 fs 65534 g 65534 65534 65534 fs 65534");
	put_status("/proc/self/status",
		   "Uid: 65534 65534 65534 65534 Gid: 65534 65534 65534 65534 Groups:   ");
	CHK(setuid(0), "EPERM", "setuid(0)");
	CHK(seteuid(0), "EPERM", "seteuid(0)");
	CHK(setreuid(0, -1), "EPERM", "setreuid(0, -1)");
	CHK(setresuid(0, 0, 0), "EPERM", "setresuid(0, 0, 0)");
	CHK(setresgid(-1, 0, -1), "EPERM", "setresgid(-1, 0, -1)");
	CHK(setgid(0), "EPERM", "setgid(0)");
	CHK(setuid(NOBODY), "0", "setuid to its own id");
	CHK(setresuid(-1, -1, -1), "0", "setresuid(-1, -1, -1)");
	put_num("setfsuid(0) returns the old fsuid", NOBODY, setfsuid(0));
	put_num("and does not take it", NOBODY, setfsuid(-1));
	CHK(getgroups(0, NULL), "0", "getgroups");
	clock_gettime(CLOCK_REALTIME, &now);
	CHK(clock_settime(CLOCK_REALTIME, &now), "EPERM", "clock_settime");
	CHK(kill(getppid(), 0), "EPERM", "kill(root process, 0)");
	CHK(kill(getppid(), SIGUSR1), "EPERM", "kill(root process, SIGUSR1)");
	CHK(sigqueue(getppid(), SIGUSR1, sv), "EPERM", "sigqueue to a root process");
	CHK(syscall(SYS_tgkill, getppid(), getppid(), SIGUSR1), "EPERM", "tgkill of a root thread");
	CHK(kill(getppid(), 1000), "EINVAL", "kill with a bad signal: EINVAL first");
	CHK(kill(getppid(), SIGCONT), "0", "SIGCONT within the session");
	CHK(kill(getpid(), 0), "0", "kill of itself");
	CHK(open(secret, O_RDONLY), "EACCES", "open of a 0600 root file");
	CHK(open(pub, O_RDONLY), "0", "open of a 0644 root file for reading");
	CHK(open(pub, O_RDWR), "EACCES", "open of a 0644 root file for reading and writing");
	CHK(open(pub, O_RDONLY | O_TRUNC), "EACCES", "O_TRUNC of a 0644 root file");
	CHK(access(secret, R_OK), "EACCES", "access(R_OK) of a 0600 root file");
	CHK(access(pub, R_OK), "0", "access(R_OK) of a 0644 root file");
	CHK(access(pub, W_OK), "EACCES", "access(W_OK) of a 0644 root file");
	CHK(access(pub, X_OK), "EACCES", "access(X_OK) of a 0644 root file");
	CHK(access(pub, F_OK), "0", "access(F_OK)");
	CHK(truncate(pub, 0), "EACCES", "truncate of a 0644 root file");
	CHK(utimensat(AT_FDCWD, pub, NULL, 0), "EACCES", "utimensat(now) of a root file");
	CHK(utimensat(AT_FDCWD, pub, times, 0), "EPERM", "utimensat(times) of a root file");
	CHK(chmod(pub, 0666), "EPERM", "chmod of a root file");
	CHK(chown(pub, NOBODY, -1), "EPERM", "chown of a root file");
	CHK(stat(inner, &st), "EACCES", "stat in a 0700 root directory");
	CHK(chdir(closed), "EACCES", "chdir to a 0700 root directory");
	CHK(open(closed, O_RDONLY), "EACCES", "opendir of a 0700 root directory");
	CHK(open(newf, O_CREAT | O_WRONLY, 0644), "EACCES", "create in a 0755 root directory");
	CHK(mkdir(newf, 0755), "EACCES", "mkdir in a 0755 root directory");
	CHK(mkfifo(newf, 0644), "EACCES", "mkfifo in a 0755 root directory");
	CHK(unlink(pub), "EACCES", "unlink in a 0755 root directory");
	CHK(rename(pub, newf), "EACCES", "rename in a 0755 root directory");
	fd = open(mine, O_CREAT | O_EXCL | O_WRONLY, 0644);
	put("create in the sticky 1777 directory", "0", fd >= 0 ? "0" : errname(errno));
	close(fd);
	fd = stat(mine, &st);
	snprintf(buf, sizeof(buf), "%d %u:%u %o", fd, st.st_uid, st.st_gid, st.st_mode & 07777);
	put("the new file is nobody's", "0 65534:65534 644", buf);
	CHK(chmod(mine, 0600), "0", "chmod of its own file");
	CHK(chown(mine, -1, NOBODY), "0", "chown of its own file to its own group");
	CHK(chown(mine, -1, 0), "EPERM", "chgrp of its own file to a group it is not in");
	CHK(chown(mine, 0, -1), "EPERM", "chown of its own file to root");
	CHK(utimensat(AT_FDCWD, mine, times, 0), "0", "utimensat(times) of its own file");
	CHK(unlink(rootfile), "EPERM", "unlink of root's file in a sticky directory");
	CHK(rename(rootfile, moved), "EPERM", "rename of root's file in a sticky directory");
	CHK(rename(mine, moved), "0", "rename of its own file in a sticky directory");
	CHK(unlink(moved), "0", "unlink of its own file in a sticky directory");
	CHK(setsid(), "0", "setsid");
	CHK(kill(getppid(), SIGCONT), "EPERM", "SIGCONT to another session");
}

/* --- setresuid, setreuid, setuid between unprivileged ids ------------------ */

static void ids(void)
{
	pid_t pid;
	int st;

	CHK(setresgid(2000, 2001, 2002), "0", "setresgid as root");
	CHK(setresuid(1000, 1001, 1002), "0", "setresuid as root");
	put_ids("three different ids", "u 1000 1001 1002 fs 1001 g 2000 2001 2002 fs 2001");
	pid = fork();
	if (pid == 0) {
		put_ids("a forked child has them", "u 1000 1001 1002 fs 1001 g 2000 2001 2002 fs 2001");
		_exit(0);
	}
	waitpid(pid, &st, 0);
	CHK(setresuid(1002, 1000, 1001), "0", "setresuid to a permutation");
	put_ids("permuted", "u 1002 1000 1001 fs 1000 g 2000 2001 2002 fs 2001");
	CHK(setresuid(5, -1, -1), "EPERM", "setresuid to a fourth id");
	put_num("setfsuid to the saved uid returns the old fsuid", 1000, setfsuid(1001));
	put_ids("fsuid set", "u 1002 1000 1001 fs 1001 g 2000 2001 2002 fs 2001");
	CHK(setreuid(-1, 1001), "0", "setreuid(-1, saved)");
	put_ids("setreuid: the saved uid follows a new effective one",
		"u 1002 1001 1001 fs 1001 g 2000 2001 2002 fs 2001");
	CHK(setreuid(1001, -1), "0", "setreuid(effective, -1)");
	put_ids("setreuid of the real id: saved = effective",
		"u 1001 1001 1001 fs 1001 g 2000 2001 2002 fs 2001");
	CHK(setregid(2002, -1), "EPERM", "setregid of the real gid to the saved one");
	CHK(setregid(2001, 2002), "0", "setregid(effective, saved)");
	put_ids("setregid", "u 1001 1001 1001 fs 1001 g 2001 2002 2002 fs 2002");
	CHK(setgid(2001), "0", "setgid to the real gid");
	put_ids("unprivileged setgid: effective and fs only",
		"u 1001 1001 1001 fs 1001 g 2001 2001 2002 fs 2001");
	CHK(setegid(2002), "0", "setegid to the saved gid");
	CHK(setuid(1001), "0", "setuid to its own id");
}

/* --- threads share the ids ------------------------------------------------- */

static void *thread_drop(void *arg)
{
	(void)arg;
	if (setresuid(-1, 1000, -1))
		return (void *)1;
	return (void *)(long)geteuid();
}

static void threads(void)
{
	pthread_t t;
	void *ret;

	setgroups(0, NULL);
	CHK(pthread_create(&t, NULL, thread_drop, NULL) ? -1 : 0, "0", "pthread_create");
	pthread_join(t, &ret);
	put_num("the thread's euid after its seteuid", 1000, (long)ret);
	put_num("the main thread's euid too (one process, one set of ids)", 1000, (long)geteuid());
	put_status("/proc/self/status", "Uid: 0 1000 0 1000 Gid: 0 0 0 0 Groups:   ");
}

/* --- execve ---------------------------------------------------------------- */

static void exec_check(void)
{
	char fdarg[16];
	char *av[] = {self, "exec-check", fdarg, NULL};

	snprintf(fdarg, sizeof(fdarg), "%d", rfd);
	setresgid(2000, 2001, 2002);
	setresuid(1000, 0, 1002);
	put_ids("before execve", "u 1000 0 1002 fs 0 g 2000 2001 2002 fs 2001");
	execv(self, av);
	put("execve", "0", errname(errno));
}

int main(int argc, char **argv)
{
	char p[128];
	int fd;

	if (strchr(argv[0], '/'))
		snprintf(self, sizeof(self), "%s", argv[0]);
	else
		snprintf(self, sizeof(self), "/bin/%s", argv[0]);
	if (argc == 3 && !strcmp(argv[1], "exec-check")) {
		rfd = atoi(argv[2]);
		put_ids("after execve: saved and fs ids = effective",
			"u 1000 0 0 fs 0 g 2000 2001 2001 fs 2001");
		return 0;
	}
	if (geteuid() != 0) {
		printf("Bail out! not run as root\n");
		return 1;
	}
	umask(022);
	strcpy(dir, "/dev/shm/conf-creds-XXXXXX");
	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp\n");
		return 1;
	}
	chmod(dir, 0755);
	path(p, "secret");
	close(open(p, O_CREAT | O_WRONLY, 0600));
	path(p, "pub");
	close(open(p, O_CREAT | O_WRONLY, 0644));
	path(p, "sticky");
	mkdir(p, 0777);
	chmod(p, 01777);
	path(p, "sticky/rootfile");
	close(open(p, O_CREAT | O_WRONLY, 0644));
	path(p, "closed");
	mkdir(p, 0700);
	path(p, "closed/f");
	close(open(p, O_CREAT | O_WRONLY, 0644));
	path(p, "ro");
	mkdir(p, 0755);

	run("root", as_root);
	run("euid nobody", euid_nobody);
	run("nobody", nobody);
	run("ids", ids);
	run("threads", threads);
	run("execve", exec_check);

	path(p, "closed/f");
	unlink(p);
	path(p, "closed");
	rmdir(p);
	path(p, "sticky/rootfile");
	unlink(p);
	path(p, "sticky/mine");
	unlink(p);
	path(p, "sticky");
	rmdir(p);
	path(p, "ro");
	rmdir(p);
	path(p, "secret");
	unlink(p);
	path(p, "pub");
	unlink(p);
	fd = rmdir(dir);
	ok(fd == 0, "the directory is removed");
	done();
	return 0;
}
