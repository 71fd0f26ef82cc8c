/*
 * times() and getrusage(): a reaped child's CPU time, with that of the
 * children it reaped itself, becomes its parent's tms_cutime and
 * RUSAGE_CHILDREN (and wait4's rusage); an autoreaped child's does not
 * (SIGCHLD ignored, as Linux); the result counts USER_HZ ticks (on tick386
 * Linux's HZ=100 value, 30000 below the ticks since boot, modulo 2^32);
 * times(NULL) is allowed, a bad buffer is EFAULT.  The same source runs as
 * Linux's /init (tools/runprog-linux): only the tick386 formula line is
 * skipped there.
 */
/* expect: status=0 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static long long ns_of(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Compute until this process has used ms of CPU time. */
static void burn(long ms)
{
	volatile unsigned long x = 0;

	while (ns_of(CLOCK_PROCESS_CPUTIME_ID) < ms * 1000000LL)
		for (int i = 0; i < 10000; i++)
			x++;
}

static long ticks_children(void)
{
	struct tms t;

	times(&t);
	return (long)(t.tms_cutime + t.tms_cstime);
}

static long long ru_ns(const struct rusage *ru)
{
	return (ru->ru_utime.tv_sec + ru->ru_stime.tv_sec) * 1000000000LL +
	       (ru->ru_utime.tv_usec + ru->ru_stime.tv_usec) * 1000LL;
}

int main(void)
{
	struct tms t;
	struct rusage ru, wru;
	struct utsname un;
	struct timespec nap = {0, 200000000};
	long r, before, after;
	long long mono;
	pid_t pid;
	int status;

	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	uname(&un);
	errno = 0;
	r = syscall(SYS_times, NULL);
	ok(errno == 0, "times(NULL) is allowed (%ld)", r);
	r = syscall(SYS_times, (void *)0xc0000000u);
	ok(r == -1 && errno == EFAULT, "times of a kernel address: EFAULT");
	r = syscall(SYS_times, (void *)16);
	ok(r == -1 && errno == EFAULT, "times of an unmapped address: EFAULT");
	before = (long)times(&t);
	nanosleep(&nap, NULL);
	after = (long)times(NULL);
	ok((unsigned long)(after - before) >= 20 && (unsigned long)(after - before) < 40,
	   "200 ms of sleep are 20 ticks of times() (%ld)", after - before);
	if (strstr(un.version, "tick386")) {
		mono = ns_of(CLOCK_MONOTONIC) / 10000000LL;
		r = (long)times(NULL);
		ok((unsigned long)(r - (long)(unsigned long)(mono - 30000)) <= 1,
		   "times() = the ticks since boot - 30000 (%ld, %lld)", r, mono);
	} else {
		tap_skip("Linux's start depends on its HZ", "times() = the ticks since boot - 30000");
	}
	ok(t.tms_cutime == 0 && t.tms_cstime == 0 && ticks_children() == 0, "no child time yet");

	pid = fork();
	if (pid == 0) {
		burn(300);
		_exit(0);
	}
	{
		struct timespec limit = {20, 0};

		ok(sigtimedwait(&chld, NULL, &limit) == SIGCHLD, "the child ended (SIGCHLD)");
	}
	ok(ticks_children() == 0, "a zombie's time is not its parent's before wait4");
	ok(wait4(pid, &status, 0, &wru) == pid && WIFEXITED(status), "child reaped");
	ok(ru_ns(&wru) >= 300000000LL, "wait4's rusage has its 300 ms (%lld ns)", ru_ns(&wru));
	before = ticks_children();
	/* user and system time are truncated to ticks apart: one may be lost */
	ok(before >= 29 && before < 200, "tms_cutime + tms_cstime: its 30 ticks (%ld)", before);
	ok(getrusage(RUSAGE_CHILDREN, &ru) == 0 && ru_ns(&ru) >= 300000000LL &&
		   ru_ns(&ru) <= ru_ns(&wru),
	   "getrusage(RUSAGE_CHILDREN): the same (%lld ns)", ru_ns(&ru));

	pid = fork();
	if (pid == 0) { /* reaps a grandchild of 200 ms, then uses 100 ms itself */
		pid_t g = fork();

		if (g == 0) {
			burn(200);
			_exit(0);
		}
		waitpid(g, NULL, 0);
		burn(100);
		_exit(0);
	}
	ok(wait4(pid, &status, 0, &wru) == pid && ru_ns(&wru) >= 300000000LL,
	   "wait4's rusage: the child's and its reaped grandchild's (%lld ns)", ru_ns(&wru));
	after = ticks_children();
	ok(after - before >= 30, "the grandchild's time reached init through its parent (+%ld)",
	   after - before);

	signal(SIGCHLD, SIG_IGN);
	pid = fork();
	if (pid == 0) {
		burn(100);
		_exit(0);
	}
	r = waitpid(pid, &status, 0);
	ok(r == -1 && errno == ECHILD, "SIGCHLD ignored: the child is autoreaped");
	signal(SIGCHLD, SIG_DFL);
	ok(ticks_children() == after, "an autoreaped child's time is nobody's (%ld, %ld)",
	   ticks_children(), after);

	errno = 0;
	ok(getrusage(99, &ru) == -1 && errno == EINVAL, "getrusage(99): EINVAL");
	errno = 0; /* raw: glibc's getrusage converts through its own copy, and faults */
	ok(syscall(SYS_getrusage, RUSAGE_SELF, (struct rusage *)16) == -1 && errno == EFAULT,
	   "getrusage to an unmapped address: EFAULT");
	ok(getrusage(RUSAGE_SELF, &ru) == 0 && ru_ns(&ru) > 0, "getrusage(RUSAGE_SELF)");
	return done_testing();
}
