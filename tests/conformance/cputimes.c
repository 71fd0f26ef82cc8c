/*
 * User and system CPU time, apart: a loop of arithmetic is user time, a
 * loop of system calls (getppid) has system time, page faults and mmap
 * more, in times(),
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
#include <sys/mman.h>
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

/* Kernel work until the process's CPU time has advanced by ns (or 5 s
 * passed): 64 KiB mapped, each page touched (a fault: the kernel clears
 * it), unmapped.  Mostly system time on any kernel; a loop of getppid is
 * not on tick386, whose call is so short that the loop around it and the
 * int 0x80 itself take most of the time. */
static void kernel_work_for(int64_t ns)
{
	int64_t c0 = now_ns(CLOCK_PROCESS_CPUTIME_ID), m0 = mono_ns();

	while (now_ns(CLOCK_PROCESS_CPUTIME_ID) - c0 < ns && mono_ns() - m0 < 5 * NS_PER_S)
		for (int i = 0; i < 10; i++) {
			char *p = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			if (p == MAP_FAILED)
				break;
			for (int off = 0; off < 65536; off += 4096)
				((volatile char *)p)[off] = 1;
			munmap(p, 65536);
		}
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

	/* system time: a loop of getppid has some */
	getrusage(RUSAGE_SELF, &r0);
	syscalls_for(MS(200));
	getrusage(RUSAGE_SELF, &r1);
	ok(tv_ns(&r1.ru_stime) > tv_ns(&r0.ru_stime), "200 ms of getppid: ru_stime grew");

	/* kernel work: more */
	ok(proc_stat_times(&pu0, &ps0) == 0, "/proc/self/stat read");
	getrusage(RUSAGE_SELF, &r0);
	times(&t0);
	kernel_work_for(MS(200));
	getrusage(RUSAGE_SELF, &r1);
	times(&t1);
	why("ru_utime +%lld ns, ru_stime +%lld ns",
	    (long long)(tv_ns(&r1.ru_utime) - tv_ns(&r0.ru_utime)),
	    (long long)(tv_ns(&r1.ru_stime) - tv_ns(&r0.ru_stime)));
	ok(tv_ns(&r1.ru_stime) - tv_ns(&r0.ru_stime) >= MS(10),
	   "200 ms of page faults, mmap, munmap: ru_stime grew by >= 10 ms");
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

	/* ITIMER_VIRTUAL counts user time only: during system calls that work
	 * in the kernel it moves much less than ITIMER_PROF (the loop's own
	 * user time moves it some) */
	struct itimerval big = {{0, 0}, {10, 0}}, pv, vv;
	setitimer(ITIMER_PROF, &big, NULL);
	setitimer(ITIMER_VIRTUAL, &big, NULL);
	kernel_work_for(MS(200));
	getitimer(ITIMER_PROF, &pv);
	getitimer(ITIMER_VIRTUAL, &vv);
	int64_t prof_used = 10 * NS_PER_S - tv_ns(&pv.it_value);
	int64_t virt_used = 10 * NS_PER_S - tv_ns(&vv.it_value);
	why("PROF used %lld ns, VIRTUAL %lld ns", (long long)prof_used, (long long)virt_used);
	note("PROF used %lld ms, VIRTUAL %lld ms", (long long)(prof_used / NS_PER_MS), (long long)(virt_used / NS_PER_MS));
	ok(prof_used >= MS(150), "ITIMER_PROF counted the system calls");
	ok(virt_used >= 0 && virt_used <= prof_used * 3 / 4, "ITIMER_VIRTUAL counted less than 3/4 of that");
	big.it_value.tv_sec = 0;
	setitimer(ITIMER_PROF, &big, NULL);
	setitimer(ITIMER_VIRTUAL, &big, NULL);

	/* a child's, after wait4 */
	pid_t p = fork();
	if (p == 0) {
		user_for(MS(150));
		kernel_work_for(MS(150));
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
