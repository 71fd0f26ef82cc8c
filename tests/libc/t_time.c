/*
 * The clock, timer and sleep calls through user/libc.  On the Linux host
 * (libc-linux.a) they reach Linux's own timer calls: the stubs, the
 * structure layouts and the errno conventions are checked against a real
 * kernel.  Only clock ids 0..3, which mean the same on both, are used.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static long long ns_of(const struct timespec *t)
{
	return t->tv_sec * 1000000000LL + t->tv_nsec;
}

static long long now_ns(clockid_t c)
{
	struct timespec t;

	if (clock_gettime(c, &t) < 0)
		return -1;
	return ns_of(&t);
}

static volatile sig_atomic_t alarms;
static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

int main(void)
{
	static const clockid_t clocks[] = {CLOCK_REALTIME, CLOCK_MONOTONIC,
					   CLOCK_PROCESS_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID};
	struct timespec t, req, res;
	/* Waits are bounded, so that a missing signal fails instead of hanging. */
	const struct timespec patience = { 2, 0 };
	struct itimerspec its, old;
	struct sigevent sev;
	struct timeval tv;
	struct tms tms;
	siginfo_t info;
	sigset_t set;
	timer_t id;
	long long t0, t1;
	unsigned i;
	int r, good;
	clock_t c0;
	clockid_t cpu;
	volatile unsigned long spin = 0;

	for (i = 0, good = 1; i < 4; i++) {
		good &=
		    clock_gettime(clocks[i], &t) == 0 && t.tv_nsec >= 0 && t.tv_nsec < 1000000000;
		good &= clock_getres(clocks[i], &res) == 0 && ns_of(&res) > 0;
	}
	ok(good, "clock_gettime and clock_getres on the four POSIX clocks");
	errno = 0;
	ok(clock_gettime(999, &t) == -1 && errno == EINVAL, "clock_gettime(999): EINVAL");
	errno = 0;
	ok(clock_getres(CLOCK_MONOTONIC, NULL) == 0, "clock_getres with NULL is allowed");

	req.tv_sec = 0;
	req.tv_nsec = 1000000000;
	errno = 1234;
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
	ok(r == EINVAL && errno == 1234, "clock_nanosleep returns EINVAL itself, errno untouched");
	errno = 0;
	ok(nanosleep(&req, NULL) == -1 && errno == EINVAL, "nanosleep bad tv_nsec: -1, EINVAL");

	req.tv_nsec = 20 * 1000000;
	t0 = now_ns(CLOCK_MONOTONIC);
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
	t1 = now_ns(CLOCK_MONOTONIC);
	ok(r == 0 && t1 - t0 >= 20000000, "clock_nanosleep 20 ms (slept %lld us)",
	   (t1 - t0) / 1000);
	clock_gettime(CLOCK_MONOTONIC, &t);
	t.tv_nsec += 20000000;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
	ok(r == 0 && now_ns(CLOCK_MONOTONIC) >= ns_of(&t), "clock_nanosleep TIMER_ABSTIME");
	t0 = now_ns(CLOCK_MONOTONIC);
	ok(nanosleep(&req, NULL) == 0 && now_ns(CLOCK_MONOTONIC) - t0 >= 20000000,
	   "nanosleep 20 ms");
	t0 = now_ns(CLOCK_MONOTONIC);
	ok(usleep(15000) == 0 && now_ns(CLOCK_MONOTONIC) - t0 >= 15000000, "usleep 15 ms");
	ok(sleep(0) == 0, "sleep(0)");

	/* A one-shot timer, its signal taken with sigwaitinfo. */
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN;
	sev.sigev_value.sival_int = 77;
	ok(timer_create(CLOCK_MONOTONIC, &sev, &id) == 0, "timer_create CLOCK_MONOTONIC");
	memset(&its, 0, sizeof(its));
	its.it_value.tv_nsec = 10000000;
	ok(timer_settime(id, 0, &its, NULL) == 0, "timer_settime one-shot 10 ms");
	memset(&info, 0, sizeof(info));
	r = sigtimedwait(&set, &info, &patience);
	ok(r == SIGRTMIN && info.si_code == SI_TIMER && info.si_value.sival_int == 77,
	   "SI_TIMER signal with sival_int 77 (code %d)", info.si_code);
	ok(info.si_timerid == id && info.si_overrun == 0, "si_timerid is the id, no overrun");

	/* Periodic, with the signal blocked: expiries become the overrun. */
	its.it_interval.tv_nsec = 1000000;
	its.it_value.tv_nsec = 1000000;
	ok(timer_settime(id, 0, &its, &old) == 0, "timer_settime periodic 1 ms");
	ok(old.it_value.tv_sec == 0 && old.it_value.tv_nsec == 0, "old value: disarmed");
	ok(timer_gettime(id, &its) == 0 && its.it_interval.tv_nsec == 1000000 &&
	       ns_of(&its.it_value) <= 1000000,
	   "timer_gettime reads the interval and the time left");
	req.tv_nsec = 30 * 1000000;
	nanosleep(&req, NULL);
	r = sigtimedwait(&set, &info, &patience);
	ok(r == SIGRTMIN && info.si_overrun >= 10, "si_overrun counts the missed expiries (%d)",
	   info.si_overrun);
	ok(timer_getoverrun(id) == info.si_overrun, "timer_getoverrun agrees (%d)",
	   timer_getoverrun(id));
	ok(timer_delete(id) == 0, "timer_delete");
	errno = 0;
	ok(timer_delete(id) == -1 && errno == EINVAL, "timer_delete again: EINVAL");
	errno = 0;
	ok(timer_settime(id, 0, &its, NULL) == -1 && errno == EINVAL,
	   "timer_settime deleted: EINVAL");
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	/* The older interfaces. */
	ok(gettimeofday(&tv, NULL) == 0, "gettimeofday");
	clock_gettime(CLOCK_REALTIME, &t);
	ok(tv.tv_sec <= t.tv_sec && t.tv_sec - tv.tv_sec <= 1 && tv.tv_usec < 1000000,
	   "gettimeofday agrees with CLOCK_REALTIME");
	ok(time(NULL) >= tv.tv_sec && time(NULL) - tv.tv_sec <= 1, "time() agrees");
	c0 = clock();
	t0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	while (t0 >= 0 && now_ns(CLOCK_PROCESS_CPUTIME_ID) - t0 < 30000000)
		spin++;
	ok(clock() - c0 >= 20000, "clock() counts CPU time (%ld us)", (long)(clock() - c0));
	/* The 30 ms of CPU time, user and system together: how Linux splits
	 * them depends on where its ticks fell (the loop enters the kernel
	 * for every read of the CPU clock; Linux i386 under QEMU counted them
	 * all as system time), tick386 counts them all as user time. */
	ok(times(&tms) != (clock_t)-1 && tms.tms_utime + tms.tms_stime >= 2,
	   "times(): utime + stime %ld ticks", (long)(tms.tms_utime + tms.tms_stime));
	/* glibc's answer: Linux's encoding of pid 0 (CPUCLOCK_SCHED), -6 */
	ok(clock_getcpuclockid(0, &cpu) == 0 && cpu == -6, "clock_getcpuclockid(0) is -6");
	{
		struct rusage ru;
		struct utsname u;
		long long used_us = -1;

		if (getrusage(RUSAGE_SELF, &ru) == 0)
			used_us = ru.ru_utime.tv_sec * 1000000LL + ru.ru_utime.tv_usec +
				  ru.ru_stime.tv_sec * 1000000LL + ru.ru_stime.tv_usec;
		ok(used_us >= 20000, "getrusage: the CPU time used, user and system (%lld us)", used_us);
		errno = 0;
		ok(getrusage(7, &ru) == -1 && errno == EINVAL, "getrusage(7): EINVAL");
		ok(uname(&u) == 0 && !strcmp(u.sysname, "Linux") && u.release[0] >= '1' &&
			   u.release[0] <= '9',
		   "uname: Linux and a release");
	}

	signal(SIGALRM, on_alarm);
	ok(alarm(10) == 0, "alarm(10): no alarm before");
	ok(alarm(0) == 10, "alarm(0) returns the 10 s left");
	alarms = 0;
	alarm(1);
	t0 = now_ns(CLOCK_MONOTONIC);
	for (i = 0; i < 3 && !alarms; i++)
		sleep(1); /* the signal cuts the sleep short */
	t1 = now_ns(CLOCK_MONOTONIC);
	ok(alarms == 1 && t1 - t0 >= 900000000, "alarm(1) fires SIGALRM after a second");
	return done_testing();
}
