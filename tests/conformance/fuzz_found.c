/*
 * fuzz_found: the differences from Linux that the differential fuzzer
 * (tests/fuzz) found in tick386, one test each, so that they stay fixed.
 * Each says what Linux does; tests/fuzz/README.md lists them all.
 *
 *  1. sigtimedwait with a bad siginfo pointer and nothing to take: EAGAIN
 *     (the pointer is only used for a signal taken).
 *  2. sigtimedwait waiting for a signal that is not blocked and whose
 *     default action ends the process: the signal ends it (Linux's
 *     complete_signal), it is not returned.
 *  3. sigprocmask with a bad `how` and a bad old-set pointer: EINVAL.
 *  4. timer_settime(0) forgets the interval: timer_gettime shows 0/0, on
 *     a CPU-time clock too (Linux 6.13; 6.1 kept it there).
 *  5. ITIMER_REAL: its SIGALRM is swallowed by a SIGALRM already pending
 *     from kill, and the periodic itimer waits until a SIGALRM, any, is
 *     taken (Linux's dequeue_signal re-arms it).
 *  6. read of a timerfd into a kernel address: EFAULT before anything
 *     else (access_ok); into an unmapped user address with nothing to
 *     read: EAGAIN.
 *  7. timer_create with a bad timer_t pointer on a CPU-time clock of no
 *     process: EFAULT (the id is written before the process is looked
 *     for); with a bad sigevent pointer and an unknown clock: EFAULT.
 *  8. (clock setting, skipped on the host) a relative CLOCK_TAI timer moves
 *     with clock_settime, as an absolute one; a timerfd with
 *     TFD_TIMER_CANCEL_ON_SET that the clock was set under says ECANCELED
 *     to the next timerfd_settime that arms it, armed all the same.
 */
#include "conformance.h"
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

static void sigtimedwait_bad_info(void)
{
	sigset_t set;
	struct timespec zero = {0, 0};

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	block_signal(SIGUSR1);
	EXPECT(syscall(SYS_rt_sigtimedwait, &set, BAD_PTR_LOW, &zero, 8), EAGAIN,
	       "sigtimedwait(nothing pending, info=bad, timeout 0)");
	unblock_signal(SIGUSR1);
}

static void sigtimedwait_fatal(void)
{
	pid_t pid = fork();
	int status = 0;

	if (pid == 0) {
		sigset_t set;
		struct sigevent ev;
		struct itimerspec v;
		struct timespec to = ns_ts(2 * NS_PER_S);
		timer_t t;

		signal(SIGUSR1, SIG_DFL);
		unblock_signal(SIGUSR1);
		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_SIGNAL;
		ev.sigev_signo = SIGUSR1;
		timer_create(CLOCK_MONOTONIC, &ev, &t);
		memset(&v, 0, sizeof(v));
		v.it_value = ns_ts(20 * NS_PER_MS);
		timer_settime(t, 0, &v, NULL);
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		_exit(sigtimedwait(&set, NULL, &to) == SIGUSR1 ? 0 : 1);
	}
	waitpid(pid, &status, 0);
	why("status %#x", status);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1,
	   "sigtimedwait for an unblocked SIGUSR1 (SIG_DFL): the timer's SIGUSR1 ends the process");
}

static void sigprocmask_order(void)
{
	sigset_t set;

	sigemptyset(&set);
	EXPECT(syscall(SYS_rt_sigprocmask, 3, &set, BAD_PTR_LOW, 8), EINVAL,
	       "sigprocmask(how 3, set, old=bad)");
}

static void disarm_forgets_interval(void)
{
	struct sigevent ev;
	struct itimerspec v, g;
	timer_t t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_NONE;
	timer_create(CLOCK_MONOTONIC, &ev, &t);
	memset(&v, 0, sizeof(v));
	v.it_interval = ns_ts(20 * NS_PER_MS);
	timer_settime(t, 0, &v, NULL); /* value 0: disarm, with an interval */
	memset(&g, 0xff, sizeof(g));
	timer_gettime(t, &g);
	why("%lld/%lld ns", (long long)ts_ns(&g.it_value), (long long)ts_ns(&g.it_interval));
	ok(ts_ns(&g.it_value) == 0 && ts_ns(&g.it_interval) == 0,
	   "timer_settime(0, interval 20 ms) on CLOCK_MONOTONIC: timer_gettime 0/0");
	timer_delete(t);

	timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &t);
	timer_settime(t, 0, &v, NULL);
	memset(&g, 0xff, sizeof(g));
	timer_gettime(t, &g);
	why("%lld/%lld ns", (long long)ts_ns(&g.it_value), (long long)ts_ns(&g.it_interval));
	ok(ts_ns(&g.it_value) == 0 && ts_ns(&g.it_interval) == 0,
	   "the same on CLOCK_PROCESS_CPUTIME_ID: 0/0");
	timer_delete(t);
}

/* 300 ms periods: the checks right after the take have 200 ms to spare on a busy machine. */
static void itimer_coalesces(void)
{
	struct itimerval v, g;
	sigset_t set;
	siginfo_t info;
	struct timespec zero = {0, 0};

	block_signal(SIGALRM);
	kill(getpid(), SIGALRM);
	memset(&v, 0, sizeof(v));
	v.it_value.tv_usec = 300000;
	v.it_interval.tv_usec = 300000;
	setitimer(ITIMER_REAL, &v, NULL);
	sleep_ms(400);
	getitimer(ITIMER_REAL, &g);
	why("it_value %ld.%06ld", (long)g.it_value.tv_sec, (long)g.it_value.tv_usec);
	ok(g.it_value.tv_sec == 0 && g.it_value.tv_usec == 0 && g.it_interval.tv_usec == 300000,
	   "a periodic ITIMER_REAL whose SIGALRM found one pending waits: 0/300 ms");
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	memset(&info, 0, sizeof(info));
	why("si_code %d", info.si_code);
	ok(sigtimedwait(&set, &info, &zero) == SIGALRM && info.si_code == SI_USER,
	   "the pending SIGALRM is kill's (SI_USER): the itimer's was swallowed");
	ok(is_pending(SIGALRM) == 0, "no other SIGALRM pending");
	getitimer(ITIMER_REAL, &g);
	why("it_value %ld.%06ld", (long)g.it_value.tv_sec, (long)g.it_value.tv_usec);
	ok(g.it_value.tv_sec == 0 && g.it_value.tv_usec > 0,
	   "taking kill's SIGALRM re-armed the itimer: 0 < it_value < 1 s");
	ok(wait_pending(SIGALRM, 2000) == 1, "and it expires again");
	memset(&v, 0, sizeof(v));
	setitimer(ITIMER_REAL, &v, NULL);
	sigtimedwait(&set, &info, &zero);
	unblock_signal(SIGALRM);
}

static void timerfd_read_buffer(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK);

	/* the last page of the address space: the kernel's on i386 and x86-64 alike */
	EXPECT(read(fd, (void *)(uintptr_t)-4096, 8), EFAULT, "read(timerfd, a kernel address, 8)");
	EXPECT(read(fd, (void *)(uintptr_t)0x1000, 8), EAGAIN,
	       "read(timerfd with nothing to read, unmapped user address, 8)");
	close(fd);
}

static void create_order(void)
{
	/* a process CPU clock of pid 32000 (no such process), Linux's encoding */
	clockid_t none = (clockid_t)((~(unsigned)32000 << 3) | 2);

	EXPECT(syscall(SYS_timer_create, none, NULL, BAD_PTR_LOW), EFAULT,
	       "timer_create(CPU clock of no process, NULL, id=bad)");
	EXPECT(syscall(SYS_timer_create, 99, BAD_PTR_LOW, NULL), EFAULT,
	       "timer_create(clock 99, sigevent=bad, NULL)");
}

static const char *set_tests[] = {
    "a relative CLOCK_TAI timer of 2 s fires when the clock is set 1 h ahead",
    "timerfd_settime(ABSTIME | CANCEL_ON_SET) after a clock_settime -> ECANCELED",
    "the timerfd is armed all the same",
    "a second timerfd_settime -> 0",
};

static void set_for_real(void)
{
	struct sigevent ev;
	struct itimerspec v, g;
	struct timespec ts;
	timer_t t;
	int fd, n = 0;

	block_signal(SIGUSR2);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR2;
	timer_create(CLOCK_TAI, &ev, &t);
	memset(&v, 0, sizeof(v));
	v.it_value = ns_ts(2 * NS_PER_S);
	timer_settime(t, 0, &v, NULL);
	ts = ns_ts(now_ns(CLOCK_REALTIME) + 3600 * NS_PER_S);
	clock_settime(CLOCK_REALTIME, &ts);
	ok(wait_pending(SIGUSR2, 500) == 1, "%s", set_tests[n++]);
	ts = ns_ts(now_ns(CLOCK_REALTIME) - 3600 * NS_PER_S);
	clock_settime(CLOCK_REALTIME, &ts);
	timer_delete(t);
	take_signal(SIGUSR2, NULL, 0); /* (Linux 6.1 would still deliver it after the delete) */
	unblock_signal(SIGUSR2);

	fd = timerfd_create(CLOCK_REALTIME, 0);
	v.it_value = ns_ts(now_ns(CLOCK_REALTIME) + 10 * NS_PER_S);
	timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &v, NULL);
	ts = ns_ts(now_ns(CLOCK_REALTIME) + NS_PER_S);
	clock_settime(CLOCK_REALTIME, &ts);
	v.it_value = ns_ts(now_ns(CLOCK_REALTIME) + 10 * NS_PER_S);
	/* (ok, not EXPECT: the descriptions are the host's SKIP lines') */
	errno = 0;
	ok(timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &v, NULL) == -1 &&
	       errno == ECANCELED,
	   "%s", set_tests[n++]);
	timerfd_gettime(fd, &g);
	ok(ts_ns(&g.it_value) > 9 * NS_PER_S, "%s", set_tests[n++]);
	ok(timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &v, NULL) == 0, "%s",
	   set_tests[n++]);
	ts = ns_ts(now_ns(CLOCK_REALTIME) - NS_PER_S);
	clock_settime(CLOCK_REALTIME, &ts);
	close(fd);
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	sigtimedwait_bad_info();
	sigtimedwait_fatal();
	sigprocmask_order();
	disarm_forgets_interval();
	itimer_coalesces();
	timerfd_read_buffer();
	create_order();
	if (allowed) {
		set_for_real();
	} else {
		note("skipped on host: setting CLOCK_REALTIME would change this machine's clock");
		for (unsigned i = 0; i < sizeof(set_tests) / sizeof(*set_tests); i++)
			skip("on host: would set the host clock", "%s", set_tests[i]);
	}
	return done();
}
