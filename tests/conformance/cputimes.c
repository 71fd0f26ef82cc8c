/*
 * User and system CPU time, apart: a loop of arithmetic is user time, a
 * loop of cheap system calls (getppid) is system time, in times(),
 * getrusage (SELF, THREAD, CHILDREN), /proc/self/stat and wait4's rusage;
 * the two add up to CLOCK_PROCESS_CPUTIME_ID; ITIMER_PROF fires on system
 * time.  Load-proof: only coarse lower bounds ("stime grew by a tick after
 * 200 ms of system calls"), never an exact share.
 */
#define _GNU_SOURCE /* RUSAGE_THREAD in glibc */
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/times.h>
#include <sys/wait.h>

#include "conformance.h"

#define MS(x) ((int64_t)(x) * NS_PER_MS)

static int64_t tv_ns(const struct timeval *tv)
{
	return (int64_t)tv->tv_sec * NS_PER_S + (int64_t)tv->tv_usec * 1000;
}

/* System calls until the process's CPU time has advanced by ns (or 5 s passed). */
static void syscalls_for(int64_t ns)
{
	int64_t c0 = now_ns(CLOCK_PROCESS_CPUTIME_ID), m0 = mono_ns();

	while (now_ns(CLOCK_PROCESS_CPUTIME_ID) - c0 < ns && mono_ns() - m0 < 5 * NS_PER_S)
		for (int i = 0; i < 200; i++)
			syscall(SYS_getppid);
}

static void user_for(int64_t ns)
{
	burn_cpu(CLOCK_PROCESS_CPUTIME_ID, ns, 5 * NS_PER_S);
}

/* /proc/self/stat's utime and stime (fields 14, 15), in clock ticks. */
static int proc_stat_times(long *ut, long *st)
{
	char buf[1024], *p;
	FILE *f = fopen("/proc/self/stat", "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	p = strrchr(buf, ')');
	if (!p)
		return -1;
	/* after ") ": state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime */
	return sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %ld %ld", ut, st) == 2 ? 0 : -1;
}

static volatile sig_atomic_t got_prof;

static void on_prof(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	got_prof++;
}

int main(void)
{
	long hz = sysconf(_SC_CLK_TCK);
	struct rusage r0, r1, rt;
	struct tms t0, t1;
	long pu0, ps0, pu1, ps1;

	ok(hz == 100, "sysconf(_SC_CLK_TCK) == 100");

	/* user time */
	getrusage(RUSAGE_SELF, &r0);
	times(&t0);
	user_for(MS(200));
	getrusage(RUSAGE_SELF, &r1);
	times(&t1);
	why("ru_utime +%lld ns, ru_stime +%lld ns",
	    (long long)(tv_ns(&r1.ru_utime) - tv_ns(&r0.ru_utime)),
	    (long long)(tv_ns(&r1.ru_stime) - tv_ns(&r0.ru_stime)));
	ok(tv_ns(&r1.ru_utime) - tv_ns(&r0.ru_utime) >= MS(100),
	   "200 ms of arithmetic: ru_utime grew by >= 100 ms");
	ok(t1.tms_utime - t0.tms_utime >= 10, "and tms_utime by >= 10 ticks");

	/* system time */
	ok(proc_stat_times(&pu0, &ps0) == 0, "/proc/self/stat read");
	getrusage(RUSAGE_SELF, &r0);
	times(&t0);
	syscalls_for(MS(200));
	getrusage(RUSAGE_SELF, &r1);
	times(&t1);
	why("ru_utime +%lld ns, ru_stime +%lld ns",
	    (long long)(tv_ns(&r1.ru_utime) - tv_ns(&r0.ru_utime)),
	    (long long)(tv_ns(&r1.ru_stime) - tv_ns(&r0.ru_stime)));
	ok(tv_ns(&r1.ru_stime) - tv_ns(&r0.ru_stime) >= MS(10),
	   "200 ms of getppid: ru_stime grew by >= 10 ms");
	ok(t1.tms_stime - t0.tms_stime >= 1, "and tms_stime by >= 1 tick");
	ok(proc_stat_times(&pu1, &ps1) == 0 && ps1 - ps0 >= 1,
	   "and /proc/self/stat's stime by >= 1 tick");
	ok(pu1 >= 10, "/proc/self/stat's utime has the arithmetic's >= 10 ticks");

	/* the two add up to the process's CPU-time clock */
	getrusage(RUSAGE_SELF, &r1);
	int64_t cpu = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	int64_t sum = tv_ns(&r1.ru_utime) + tv_ns(&r1.ru_stime);
	why("utime + stime %lld, clock %lld", (long long)sum, (long long)cpu);
	ok(sum <= cpu && cpu - sum < MS(20), "ru_utime + ru_stime == CLOCK_PROCESS_CPUTIME_ID (to 20 ms)");
	getrusage(RUSAGE_THREAD, &rt);
	ok(tv_ns(&rt.ru_stime) >= MS(10) && tv_ns(&rt.ru_utime) >= MS(100),
	   "RUSAGE_THREAD (one thread) has both too");

	/* ITIMER_PROF counts system time */
	struct itimerval v = {{0, 0}, {0, 50000}};
	set_handler(SIGPROF, on_prof, 0);
	setitimer(ITIMER_PROF, &v, NULL);
	syscalls_for(MS(200));
	ok(got_prof == 1, "ITIMER_PROF (50 ms) fired during 200 ms of system calls");
	v.it_value.tv_usec = 0;
	setitimer(ITIMER_PROF, &v, NULL);

	/* a child's, after wait4 */
	pid_t p = fork();
	if (p == 0) {
		user_for(MS(150));
		syscalls_for(MS(150));
		_exit(0);
	}
	struct rusage rw, rc;
	int st;
	ok(wait4(p, &st, 0, &rw) == p && WIFEXITED(st), "wait4 reaped the child");
	why("child utime %lld stime %lld", (long long)tv_ns(&rw.ru_utime), (long long)tv_ns(&rw.ru_stime));
	ok(tv_ns(&rw.ru_utime) >= MS(50) && tv_ns(&rw.ru_stime) >= MS(10),
	   "wait4's rusage: the child's user and system time");
	getrusage(RUSAGE_CHILDREN, &rc);
	ok(tv_ns(&rc.ru_utime) >= tv_ns(&rw.ru_utime) && tv_ns(&rc.ru_stime) >= tv_ns(&rw.ru_stime),
	   "RUSAGE_CHILDREN has them");
	times(&t1);
	why("cutime %ld cstime %ld", (long)t1.tms_cutime, (long)t1.tms_cstime);
	ok(t1.tms_cutime >= 5 && t1.tms_cstime >= 1, "times(): tms_cutime and tms_cstime");
	done();
}
