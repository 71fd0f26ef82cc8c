/*
 * Credentials attacked from ring 3 (tick386 only; the calls' behaviour is
 * compared with Linux by tests/conformance/creds.c):
 *  - /etc/passwd and /etc/group of the initramfs: getpwnam("nobody") is
 *    65534:65534 as on Debian, root is 0, getgrgid(65534) is nogroup;
 *  - an unprivileged process (every id 65534) tries every privileged call,
 *    through the libc and raw (16- and 32-bit ids): each fails (EPERM,
 *    EACCES), nothing of the system changes (the clock, the host name,
 *    init alive), and its own ids are still all 65534 afterwards;
 *  - a process with real uid 0 and effective uid 65534 is just as
 *    unprivileged for everything but getting its euid back;
 *  - 4 threads race setresuid permutations of three ids against readers:
 *    getresuid always shows the three, never a torn mix; 4 threads race
 *    setgroups of lists whose members all equal their length against
 *    getgroups: every list read is whole;
 *  - the runner checks that init's exit gave back every page (the groups'
 *    blocks are freed with their last user).
 */
/* expect: status=0 */
/* initramfs: yes */
#define _GNU_SOURCE
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOBODY 65534

static int fails;
static void files_denied(void);

/* In a child: one check, counted; the parent reports the child's count. */
static void expect_err(long rc, int want, const char *what)
{
	if (rc == -1 && errno == want)
		return;
	printf("# %s: rc %ld errno %d, want errno %d\n", what, rc, rc == -1 ? errno : 0, want);
	fails++;
}

#define DENIED(call, want) \
	do { \
		errno = 0; \
		expect_err((long)(call), want, #call); \
	} while (0)

static void still_nobody(const char *when)
{
	uid_t r, e, s;
	gid_t gr, ge, gs;

	if (getresuid(&r, &e, &s) || getresgid(&gr, &ge, &gs) || r != NOBODY || e != NOBODY ||
	    s != NOBODY || gr != NOBODY || ge != NOBODY || gs != NOBODY ||
	    setfsuid(-1) != NOBODY || setfsgid(-1) != NOBODY || getgroups(0, NULL) != 0) {
		printf("# %s: ids moved\n", when);
		fails++;
	}
}

static int stime_like_call(void)
{
	return (int)syscall(25, 0); /* Linux i386's stime: not in tick386 */
}

/*
 * The calls that need privilege.  With real uid 0 (real_root) the calls
 * that take the ids back (setuid(0): the real id) and the signals to root
 * (the real uid matches) are allowed by Linux's rules: left out there.
 */
static void privileged_calls(bool real_root)
{
	struct timespec ts;
	struct timeval tv;
	struct timex tx;
	siginfo_t si;
	gid_t g = 0;
	unsigned short g16 = 0;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += 100000;
	DENIED(clock_settime(CLOCK_REALTIME, &ts), EPERM);
	DENIED(syscall(__NR_clock_settime, CLOCK_REALTIME, &ts), EPERM);
	tv.tv_sec = ts.tv_sec, tv.tv_usec = 0;
	DENIED(settimeofday(&tv, NULL), EPERM);
	DENIED(stime_like_call(), ENOSYS);
	/* every mode alone: only reading is allowed (0x8000 alone, adjtime's
	 * mode without its single-shot bit, is EINVAL before the privilege) */
	for (int bit = 0; bit < 15; bit++) {
		memset(&tx, 0, sizeof(tx));
		tx.modes = 1u << bit;
		tx.tick = 10000;
		DENIED(adjtimex(&tx), EPERM);
		DENIED(clock_adjtime(CLOCK_REALTIME, &tx), EPERM);
	}
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_OFFSET_SINGLESHOT;
	tx.offset = 1000000;
	DENIED(adjtimex(&tx), EPERM);
	tv.tv_sec = 1, tv.tv_usec = 0;
	DENIED(adjtime(&tv, NULL), EPERM);
	DENIED(sethostname("owned", 5), EPERM);
	DENIED(setdomainname("owned", 5), EPERM);
	DENIED(mount("none", "/tmp", "tmpfs", 0, NULL), EPERM);
	DENIED(umount2("/tmp", 0), EPERM);
	DENIED(umount2("/dev/shm", MNT_DETACH), EPERM);
	DENIED(setgroups(1, &g), EPERM);
	DENIED(syscall(__NR_setgroups32, 1, &g), EPERM);
	DENIED(syscall(__NR_setgroups, 1, &g16), EPERM);
	DENIED(syscall(__NR_setgroups32, 0, NULL), EPERM);
	files_denied();
	if (real_root)
		return;
	DENIED(syscall(__NR_setuid32, 0), EPERM);
	DENIED(syscall(__NR_setuid, 0), EPERM);
	DENIED(syscall(__NR_setreuid32, -1, 0), EPERM);
	DENIED(syscall(__NR_setreuid, 0xffff, 0), EPERM);
	DENIED(syscall(__NR_setresuid32, -1, 0, -1), EPERM);
	DENIED(syscall(__NR_setresuid, 0xffff, 0xffff, 0), EPERM);
	DENIED(syscall(__NR_setgid32, 0), EPERM);
	DENIED(syscall(__NR_setgid, 0), EPERM);
	DENIED(syscall(__NR_setregid32, 0, -1), EPERM);
	DENIED(syscall(__NR_setresgid32, 0, 0, 0), EPERM);
	DENIED(syscall(__NR_setresgid, 0, 0xffff, 0xffff), EPERM);
	/* setfsuid never fails; it must not take an id it may not have */
	syscall(__NR_setfsuid32, 0);
	syscall(__NR_setfsuid, 0);
	syscall(__NR_setfsgid32, 0);
	syscall(__NR_setfsgid, 0);
	if (setfsuid(-1) != NOBODY || setfsgid(-1) != NOBODY) {
		printf("# setfsuid/setfsgid took 0\n");
		fails++;
	}
	/* init (pid 1) is root: no signal reaches it, by any way in */
	DENIED(kill(1, SIGKILL), EPERM);
	DENIED(kill(1, 0), EPERM);
	DENIED(syscall(__NR_tkill, 1, SIGKILL), EPERM);
	DENIED(syscall(__NR_tgkill, 1, 1, SIGKILL), EPERM);
	memset(&si, 0, sizeof(si));
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	DENIED(syscall(__NR_rt_sigqueueinfo, 1, SIGKILL, &si), EPERM);
	DENIED(syscall(__NR_rt_tgsigqueueinfo, 1, 1, SIGKILL, &si), EPERM);
	kill(-1, SIGKILL); /* every process but init and the caller: none here */
}

/* Root's files, from a process whose fsuid is 65534. */
static void files_denied(void)
{
	DENIED(open("/tmp/creds-secret", O_RDONLY), EACCES);
	DENIED(open("/tmp/creds-secret", O_WRONLY | O_TRUNC), EACCES);
	DENIED(truncate("/tmp/creds-secret", 0), EACCES);
	DENIED(chmod("/tmp/creds-secret", 0666), EPERM);
	DENIED(chown("/tmp/creds-secret", NOBODY, NOBODY), EPERM);
	DENIED(unlink("/tmp/creds-secret"), EPERM); /* /tmp is sticky */
	DENIED(rename("/tmp/creds-secret", "/tmp/creds-mine"), EPERM);
	DENIED(open("/tmp/creds-dir/x", O_CREAT | O_WRONLY, 0644), EACCES);
	DENIED(mknod("/tmp/creds-dev", S_IFCHR | 0666, (1 << 8) | 3), EPERM);
	DENIED(syscall(__NR_chown32, "/tmp/creds-secret", NOBODY, -1), EPERM);
	DENIED(syscall(__NR_chown16, "/tmp/creds-secret", NOBODY, 0xffff), EPERM);
	DENIED(open("/etc/passwd", O_WRONLY), EROFS);
	DENIED(open("/tmp/creds-secret", O_RDONLY | O_NONBLOCK), EACCES);
}

/* Run fn in a child as set up; 0 when every check passed. */
static int in_child(void (*setup)(void), bool real_root)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		setup();
		privileged_calls(real_root);
		if (!real_root)
			still_nobody("after the privileged calls");
		fflush(stdout);
		_exit(fails > 100 ? 100 : fails);
	}
	return waitpid(pid, &st, 0) == pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void all_nobody(void)
{
	if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
		fails++;
	still_nobody("after dropping");
}

static void euid_nobody(void)
{
	if (setgroups(0, NULL) || seteuid(NOBODY))
		fails++;
}

/* --- races ---------------------------------------------------------------- */

static volatile int stop;
static volatile int torn;

static void *permuter(void *arg)
{
	static const unsigned perm[6][3] = {{1000, 1001, 1002}, {1000, 1002, 1001},
					    {1001, 1000, 1002}, {1001, 1002, 1000},
					    {1002, 1000, 1001}, {1002, 1001, 1000}};
	unsigned i = (unsigned)(long)arg;

	while (!stop) {
		const unsigned *p = perm[i++ % 6];

		if (setresuid(p[0], p[1], p[2]))
			torn++;
		if ((i & 15) == 0)
			sched_yield();
	}
	return NULL;
}

static bool is_perm(uid_t r, uid_t e, uid_t s)
{
	return r != e && e != s && r != s && r >= 1000 && r <= 1002 && e >= 1000 && e <= 1002 &&
	       s >= 1000 && s <= 1002;
}

static void *groups_setter(void *arg)
{
	gid_t list[8];
	int k = (int)(long)arg;

	while (!stop) {
		int n = 1 + k++ % 8;

		for (int i = 0; i < n; i++)
			list[i] = (gid_t)n;
		if (setgroups((size_t)n, list))
			torn++;
	}
	return NULL;
}

/* A reader that counts what it saw torn: getgroups' lists are whole. */
static int groups_torn(void)
{
	gid_t got[16];
	int c = getgroups(16, got), bad = c < 0;

	for (int i = 0; i < c; i++)
		bad += got[i] != (gid_t)c;
	return bad;
}

static int ids_torn(void)
{
	uid_t r, e, s;

	return getresuid(&r, &e, &s) || !is_perm(r, e, s);
}

/* 4 writer threads against 300 ms of reads in this one; the torn reads. */
static int race(void *(*writer)(void *), int (*reader)(void))
{
	struct timespec t0, t1;
	pthread_t t[4];
	int bad = 0;

	stop = 0, torn = 0;
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, writer, (void *)i);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do { /* 300 ms: the writers run in between, preempted by the tick */
		for (int n = 0; n < 64; n++)
			bad += reader();
		clock_gettime(CLOCK_MONOTONIC, &t1);
	} while ((t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec) < 300000000L);
	stop = 1;
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	return bad;
}

static void races(void)
{
	uid_t r, e, s;
	int bad = race(groups_setter, groups_torn);

	if (bad || torn) {
		printf("# setgroups against getgroups: %d bad, %d failed sets\n", bad, torn);
		fails++;
	}
	setgroups(0, NULL);
	if (setresuid(1000, 1001, 1002)) {
		printf("# setresuid(1000, 1001, 1002) as root failed\n");
		fails++;
		return;
	}
	bad = race(permuter, ids_torn);
	getresuid(&r, &e, &s);
	if (bad || torn || !is_perm(r, e, s) || setfsuid(-1) != (int)e) {
		printf("# setresuid race: %d torn reads, %d refused sets, end %u %u %u fs %d\n", bad,
		       torn, r, e, s, setfsuid(-1));
		fails++;
	}
}

int main(void)
{
	struct passwd *pw;
	struct group *gr;
	struct utsname before, after;
	struct timespec t0, t1;
	int fd, rc;

	setvbuf(stdout, NULL, _IONBF, 0);
	pw = getpwnam("nobody");
	ok(pw && pw->pw_uid == NOBODY && pw->pw_gid == NOBODY, "getpwnam(\"nobody\"): 65534:65534");
	pw = getpwnam("root");
	ok(pw && pw->pw_uid == 0 && pw->pw_gid == 0 && !strcmp(pw->pw_dir, "/root"),
	   "getpwnam(\"root\"): 0:0, /root");
	pw = getpwuid(NOBODY);
	ok(pw && !strcmp(pw->pw_name, "nobody"), "getpwuid(65534) is nobody");
	gr = getgrgid(NOBODY);
	ok(gr && !strcmp(gr->gr_name, "nogroup"), "getgrgid(65534) is nogroup");
	ok(getuid() == 0 && geteuid() == 0 && syscall(__NR_getuid) == 0 &&
	       syscall(__NR_getuid32) == 0,
	   "init is root");

	fd = open("/tmp/creds-secret", O_CREAT | O_WRONLY, 0600);
	close(fd);
	mkdir("/tmp/creds-dir", 0755);
	uname(&before);
	clock_gettime(CLOCK_REALTIME, &t0);

	rc = in_child(all_nobody, false);
	ok(rc == 0, "every id 65534: every privileged call refused, the ids unchanged");
	tap_why("%d failed checks", rc);
	rc = in_child(euid_nobody, true);
	ok(rc == 0, "real uid 0, effective 65534: every privileged call refused");
	tap_why("%d failed checks", rc);

	uname(&after);
	clock_gettime(CLOCK_REALTIME, &t1);
	ok(!strcmp(before.nodename, after.nodename) && !strcmp(before.domainname, after.domainname),
	   "the host and domain names are as they were");
	ok(t1.tv_sec - t0.tv_sec < 1000, "the clock was not set");
	fd = open("/tmp/creds-secret", O_RDONLY);
	ok(fd >= 0, "root's file is still there");
	close(fd);

	{
		pid_t pid = fork();
		int st;

		if (pid == 0) {
			races();
			_exit(fails);
		}
		waitpid(pid, &st, 0);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		   "4 threads race setgroups against getgroups, then setresuid permutations against "
		   "getresuid: every read whole, fsuid = euid at the end");
	}
	unlink("/tmp/creds-secret");
	rmdir("/tmp/creds-dir");
	done_testing();
	return 0;
}
