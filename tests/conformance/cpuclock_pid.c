/*
 * The CPU-time clocks of other processes: clock_getcpuclockid(pid) and the
 * clock id it gives (Linux's encoding, the same on tick386), reading a
 * child's CPU time as it runs, a timer and a sleep on a child's CPU time,
 * and what becomes of them when the child is gone; the errors for no such
 * process, another process's thread clock and a clock that is none.
 */
#include "conformance.h"

#include <sys/wait.h>

/* Linux's encoding, which glibc keeps to itself (include/abi/time.h). */
#define PID_CLOCK(pid, which) ((clockid_t)((~(unsigned)(pid)) << 3) | (clockid_t)(which))
#define SCHED 2
#define PERTHREAD 4

static int64_t clock_ns(clockid_t c)
{
	struct timespec t;

	return clock_gettime(c, &t) ? -1 : ts_ns(&t);
}

/* A child that uses the CPU until its own CPU clock reads limit_ms. */
static pid_t spinner(long limit_ms)
{
	pid_t pid = fork();

	if (pid == 0) {
		while (clock_ns(CLOCK_PROCESS_CPUTIME_ID) < limit_ms * NS_PER_MS)
			;
		_exit(0);
	}
	return pid;
}

static void ids_and_reading(void)
{
	clockid_t c = 0;
	struct timespec res;
	int st;
	pid_t pid;

	EXPECT_RET(clock_getcpuclockid(0, &c), 0, "clock_getcpuclockid(0) -> 0");
	why("clock %d", (int)c);
	ok(c == PID_CLOCK(0, SCHED), "its id is Linux's encoding of pid 0: -6");
	EXPECT_RET(clock_getcpuclockid(getpid(), &c), 0, "clock_getcpuclockid(getpid()) -> 0");
	ok(c == PID_CLOCK(getpid(), SCHED), "its id encodes the pid");
	ok(clock_ns(c) > 0, "clock_gettime reads our own CPU time through it");
	EXPECT_RET(clock_getcpuclockid(99999, &c), ESRCH, "clock_getcpuclockid of no process -> ESRCH");
	EXPECT(clock_gettime(PID_CLOCK(99999, SCHED), &res), EINVAL, "clock_gettime of no process's clock");
	EXPECT(clock_getres(PID_CLOCK(0, 3), &res), EINVAL, "clock_getres of the 'which' 3");
	EXPECT(clock_settime(PID_CLOCK(0, SCHED), &res), EPERM, "clock_settime of a process's CPU clock");
	EXPECT(clock_settime(PID_CLOCK(99999, SCHED), &res), EINVAL,
	       "clock_settime of no process's CPU clock");

	pid = spinner(300);
	EXPECT_RET(clock_getcpuclockid(pid, &c), 0, "clock_getcpuclockid of a child -> 0");
	EXPECT(clock_getres(c, &res), 0, "clock_getres of a child's clock");
	EXPECT(clock_gettime(PID_CLOCK(pid, SCHED | PERTHREAD), &res), EINVAL,
	       "clock_gettime of another process's thread clock");
	int64_t a = clock_ns(c);
	sleep_ms(100);
	int64_t b = clock_ns(c);
	why("%lld then %lld ns", (long long)a, (long long)b);
	ok(a >= 0 && b > a, "a spinning child's CPU clock moves forward");
	ok(clock_ns(PID_CLOCK(pid, 0)) >= 0 && clock_ns(PID_CLOCK(pid, 1)) >= 0,
	   "its PROF and VIRT variants read too");
	waitpid(pid, &st, 0);
	EXPECT(clock_gettime(c, &res), EINVAL, "clock_gettime of a reaped child's clock");
}

static void timer_on_child(void)
{
	struct sigevent ev;
	struct itimerspec v;
	siginfo_t si;
	sigset_t set;
	timer_t t;
	clockid_t c;
	int st, got;
	struct timespec wait = ns_ts(5 * NS_PER_S);
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	pid = spinner(400);
	clock_getcpuclockid(pid, &c);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ev.sigev_value.sival_int = 77;
	EXPECT(timer_create(c, &ev, &t), 0, "timer_create on a child's CPU clock");
	memset(&v, 0, sizeof(v));
	v.it_value.tv_nsec = 100 * NS_PER_MS;
	EXPECT(timer_settime(t, 0, &v, NULL), 0, "armed 100 ms of the child's CPU time ahead");
	got = sigtimedwait(&set, &si, &wait);
	why("got %d", got);
	ok(got == SIGRTMIN && si.si_code == SI_TIMER && si.si_value.sival_int == 77,
	   "the creator gets SIGRTMIN (SI_TIMER) when the child has used it");
	ok(clock_ns(c) >= 100 * NS_PER_MS, "by then the child's clock has passed the expiry");

	/* A sleep on the child's CPU time, relative. */
	int64_t before = clock_ns(c);
	struct timespec req = ns_ts(50 * NS_PER_MS);
	int r = clock_nanosleep(c, 0, &req, NULL);
	int64_t after = clock_ns(c);
	why("returned %d, %lld -> %lld", r, (long long)before, (long long)after);
	ok(r == 0 && after >= before + 50 * NS_PER_MS,
	   "clock_nanosleep on a child's CPU clock waits for its CPU time");

	waitpid(pid, &st, 0);
	EXPECT(timer_settime(t, 0, &v, NULL), ESRCH, "timer_settime once that child is reaped");
	EXPECT(timer_gettime(t, &v), 0, "timer_gettime of it");
	ok(v.it_value.tv_sec == 0 && v.it_value.tv_nsec == 0, "it reads as disarmed");
	EXPECT(timer_delete(t), 0, "timer_delete of it");
	EXPECT(timer_create(PID_CLOCK(pid, SCHED), &ev, &t), EINVAL,
	       "timer_create on the clock of a reaped child");
	EXPECT(timer_create(PID_CLOCK(getpid(), SCHED | PERTHREAD), &ev, &t), 0,
	       "timer_create on our own thread clock by tid");
	timer_delete(t);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	ids_and_reading();
	timer_on_child();
	return done();
}
