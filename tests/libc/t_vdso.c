/*
 * The libc's use of the vDSO (user/libc/src/vdso.c): it finds the image
 * from AT_SYSINFO_EHDR, looks the four functions up by name and version in
 * the image's dynamic symbol table, and clock_gettime & co. call them.  On
 * the Linux host the image is Linux's own (a lookup checked against an
 * image this tree did not build); on tick386 (test-libc-tick386), the
 * kernel's.  The results are checked against the system calls: a
 * monotonic clock read through the vDSO lies between two system calls.
 * A fork child and a program exec'd (this one again) find it too.
 *
 * The raw clock_gettime is 265 on Linux and 260 on tick386; 265 is no call
 * on tick386 (ENOSYS), so that is tried first, and 254..262 never reach a
 * Linux kernel.
 */
#include <errno.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

void *__libc_vdso_sym(const char *name); /* user/libc/src/vdso.c (internal) */

static long nr_gettime = 265, nr_getres = 266;

static long long ns_of(const struct timespec *t)
{
	return t->tv_sec * 1000000000LL + t->tv_nsec;
}

static long long sys_ns(clockid_t c)
{
	struct timespec t;

	if (syscall(nr_gettime, c, &t) != 0)
		return -1;
	return ns_of(&t);
}

static long long libc_ns(clockid_t c)
{
	struct timespec t;

	if (clock_gettime(c, &t) != 0)
		return -2;
	return ns_of(&t);
}

/* syscall <= libc <= syscall, n times over. */
static int bracketed(clockid_t c, int n, long long *bad)
{
	for (int i = 0; i < n; i++) {
		long long a = sys_ns(c), b = libc_ns(c), d = sys_ns(c);

		if (a < 0 || !(a <= b && b <= d)) {
			bad[0] = a, bad[1] = b, bad[2] = d;
			return 0;
		}
	}
	return 1;
}

/* What a new process checks: the vDSO is there, found, and reads the
 * clock the system call reads.  0 when it does. */
static int fresh_process_checks(void)
{
	long long bad3[3];

	if (!getauxval(AT_SYSINFO_EHDR) || !__libc_vdso_sym("__vdso_clock_gettime"))
		return 1;
	return bracketed(CLOCK_MONOTONIC, 200, bad3) ? 0 : 2;
}

/* argv[0] as a path execve takes: as given, or /bin/NAME (tools/runprog's
 * file tree has the program there). */
static void exec_self(const char *argv0)
{
	char path[256];
	char *const av[] = {path, "exec'd", NULL};

	snprintf(path, sizeof(path), strchr(argv0, '/') ? "%s" : "/bin/%s", argv0);
	execv(path, av);
	_exit(3);
}

static int child_status(int do_exec, const char *argv0)
{
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		if (do_exec)
			exec_self(argv0);
		_exit(fresh_process_checks());
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

int main(int argc, char **argv)
{
	const unsigned char *ehdr = (const unsigned char *)getauxval(AT_SYSINFO_EHDR);
	long (*vdso_gettime)(clockid_t, struct timespec *) =
		(long (*)(clockid_t, struct timespec *))__libc_vdso_sym("__vdso_clock_gettime");
	struct timespec t, res, sres;
	struct timeval tv;
	long long bad[3] = {0, 0, 0};

	if (syscall(nr_gettime, CLOCK_MONOTONIC, &t) != 0 && errno == ENOSYS)
		nr_gettime = 260, nr_getres = 261; /* tick386's numbers */
	if (argc > 1 && !strcmp(argv[1], "exec'd"))
		return fresh_process_checks();
	tap_note("clock_gettime is system call %ld here", nr_gettime);

	ok(ehdr && !memcmp(ehdr, "\177ELF", 4), "AT_SYSINFO_EHDR points at an ELF header");
	ok(vdso_gettime && __libc_vdso_sym("__vdso_gettimeofday") && __libc_vdso_sym("__vdso_time") &&
		   __libc_vdso_sym("__vdso_clock_getres"),
	   "the four functions are found by name at LINUX_2.6");
	ok(!__libc_vdso_sym("__vdso_nothing") && !__libc_vdso_sym("__vdso_clock_gettim") &&
		   !__libc_vdso_sym(""),
	   "a name it does not export is not found");
	ok(vdso_gettime && (const unsigned char *)vdso_gettime > ehdr &&
		   (const unsigned char *)vdso_gettime < ehdr + 65536,
	   "__vdso_clock_gettime lies inside the image");

	tap_why("%lld <= %lld <= %lld", bad[0], bad[1], bad[2]);
	ok(bracketed(CLOCK_MONOTONIC, 2000, bad), "CLOCK_MONOTONIC: system call <= clock_gettime <= system call, 2000 times");
	tap_why("%lld <= %lld <= %lld", bad[0], bad[1], bad[2]);
	ok(bracketed(CLOCK_PROCESS_CPUTIME_ID, 200, bad), "CLOCK_PROCESS_CPUTIME_ID, likewise");
	{
		/* REALTIME may be stepped on the host: only a loose check. */
		long long a = sys_ns(CLOCK_REALTIME), b = libc_ns(CLOCK_REALTIME);

		tap_why("%lld vs %lld", a, b);
		ok(b >= a && b - a < 1000000000LL, "CLOCK_REALTIME agrees with the system call");
	}
	if (vdso_gettime) {
		long long a = sys_ns(CLOCK_MONOTONIC), b, d;
		long r = vdso_gettime(CLOCK_MONOTONIC, &t);

		b = ns_of(&t);
		d = sys_ns(CLOCK_MONOTONIC);
		tap_why("r=%ld %lld <= %lld <= %lld", r, a, b, d);
		ok(r == 0 && a <= b && b <= d, "__vdso_clock_gettime called directly: 0 and the time");
		ok(vdso_gettime(99, &t) == -EINVAL && vdso_gettime(-1, &t) == -EINVAL,
		   "__vdso_clock_gettime of a bad id returns -EINVAL (Linux's convention)");
	} else {
		ok(0, "__vdso_clock_gettime called directly: 0 and the time");
		ok(0, "__vdso_clock_gettime of a bad id returns -EINVAL (Linux's convention)");
	}
	{
		/* Linux i386's y2038 entry: a struct __kernel_timespec. */
		long (*g64)(clockid_t, long long *) =
			(long (*)(clockid_t, long long *))__libc_vdso_sym("__vdso_clock_gettime64");
		long long k[2] = {-1, -1}, a = sys_ns(CLOCK_MONOTONIC), b, d;
		long r = g64 ? g64(CLOCK_MONOTONIC, k) : -1;

		b = k[0] * 1000000000LL + k[1];
		d = sys_ns(CLOCK_MONOTONIC);
		tap_why("r=%ld %lld <= %lld <= %lld", r, a, b, d);
		ok(g64 && r == 0 && k[1] >= 0 && k[1] < 1000000000LL && a <= b && b <= d,
		   "__vdso_clock_gettime64: 0 and the time, 64-bit seconds and nanoseconds");
		ok(g64 && g64(99, k) == -EINVAL, "__vdso_clock_gettime64 of a bad id: -EINVAL");
	}
	errno = 0;
	ok(clock_gettime(99, &t) == -1 && errno == EINVAL, "clock_gettime(99): -1, EINVAL");
	errno = 0;
	ok(clock_getres(99, &res) == -1 && errno == EINVAL, "clock_getres(99): -1, EINVAL");
	memset(&res, 0x55, sizeof(res));
	memset(&sres, 0xaa, sizeof(sres));
	ok(clock_getres(CLOCK_MONOTONIC, &res) == 0 &&
		   syscall(nr_getres, CLOCK_MONOTONIC, &sres) == 0 && res.tv_sec == sres.tv_sec &&
		   res.tv_nsec == sres.tv_nsec,
	   "clock_getres(CLOCK_MONOTONIC) says what the system call says");
	ok(clock_getres(CLOCK_MONOTONIC, NULL) == 0, "clock_getres with a NULL res: 0");
	{
		struct timeval a, d;
		int good = 1;

		for (int i = 0; i < 200 && good; i++) {
			syscall(__NR_gettimeofday, &a, NULL);
			good = gettimeofday(&tv, NULL) == 0;
			syscall(__NR_gettimeofday, &d, NULL);
			/* REALTIME could be stepped meanwhile on the host: allow a second */
			good = good && tv.tv_sec - a.tv_sec <= 1 && d.tv_sec - tv.tv_sec <= 1 &&
			       tv.tv_usec >= 0 && tv.tv_usec < 1000000;
		}
		ok(good, "gettimeofday agrees with the system call, 200 times");
	}
	{
		time_t a = (time_t)syscall(__NR_time, NULL), s, b, d;

		b = time(&s);
		d = (time_t)syscall(__NR_time, NULL);
		tap_why("%ld %ld %ld %ld", (long)a, (long)b, (long)s, (long)d);
		ok(b == s && a <= b + 1 && b <= d + 1, "time() agrees with the system call, and stores it");
	}
	{
		int st = child_status(0, argv[0]);

		tap_why("status %#x", st);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a fork child: found, reads the clock");
		st = child_status(1, argv[0]);
		tap_why("status %#x", st);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "a program exec'd: found, reads the clock");
	}
	return done_testing();
}
