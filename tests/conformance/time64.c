/*
 * Linux 5.1's 64-bit-time calls (y2038) of Linux i386: clock_gettime64 403,
 * clock_settime64 404, clock_adjtime64 405, clock_getres_time64 406,
 * clock_nanosleep_time64 407, timer_gettime64 408, timer_settime64 409,
 * timerfd_gettime64 410, timerfd_settime64 411, pselect6_time64 413,
 * ppoll_time64 414, mq_timedsend_time64 418, mq_timedreceive_time64 419,
 * rt_sigtimedwait_time64 421, futex_time64 422, through syscall(2) with
 * struct __kernel_timespec / __kernel_itimerspec / __kernel_timex.
 *
 * What makes the comparison meaningful: these numbers exist only on 32-bit
 * ABIs.  The i386 binary (tick386, and the same binary on Linux 6.1 i386 in
 * QEMU, the harness's second oracle) calls them by number.  The x86-64 host
 * has no such numbers; there the program calls the native calls of the same
 * names without the suffix, which take the very same 16-byte timespec (two
 * 64-bit fields), 32-byte itimerspec and 208-byte timex, check them the same
 * way (EINVAL, EFAULT) and use the same 64-bit time inside.  So every line
 * means the same on both: the layout a 32-bit task gets from *_time64 is
 * the one a 64-bit task has always had.  The one difference is i386's own:
 * a 32-bit task's kernel ignores the upper half of tv_nsec (Linux's
 * get_timespec64 for a compat or 32-bit caller), so a tv_nsec with garbage
 * there and a valid low half is accepted; on x86-64 it is EINVAL.  Those
 * lines run on i386 only (SKIP on the host, which the harness takes as ok).
 *
 * Setting the clock past 2038 (and to Linux's limit, TIME_SETTOD_SEC_MAX,
 * 2232) and a CLOCK_REALTIME timer armed there run only where settime is
 * allowed (tick386, Linux i386 in QEMU); the clock is put back after.
 */
#include "conformance.h"
#include <fcntl.h>
#include <mqueue.h>
#include <poll.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#ifdef __i386__
#define NR_GETTIME SYS_clock_gettime64
#define NR_SETTIME SYS_clock_settime64
#define NR_ADJTIME SYS_clock_adjtime64
#define NR_GETRES SYS_clock_getres_time64
#define NR_NANOSLEEP SYS_clock_nanosleep_time64
#define NR_TIMER_GETTIME SYS_timer_gettime64
#define NR_TIMER_SETTIME SYS_timer_settime64
#define NR_TFD_GETTIME SYS_timerfd_gettime64
#define NR_TFD_SETTIME SYS_timerfd_settime64
#define NR_PSELECT6 SYS_pselect6_time64
#define NR_PPOLL SYS_ppoll_time64
#define NR_MQ_SEND SYS_mq_timedsend_time64
#define NR_MQ_RECEIVE SYS_mq_timedreceive_time64
#define NR_SIGTIMEDWAIT SYS_rt_sigtimedwait_time64
#define NR_FUTEX SYS_futex_time64
#define WIDE_NSEC_HIGH_IGNORED 1
#else /* x86-64: the native calls take the same structures */
#define NR_GETTIME SYS_clock_gettime
#define NR_SETTIME SYS_clock_settime
#define NR_ADJTIME SYS_clock_adjtime
#define NR_GETRES SYS_clock_getres
#define NR_NANOSLEEP SYS_clock_nanosleep
#define NR_TIMER_GETTIME SYS_timer_gettime
#define NR_TIMER_SETTIME SYS_timer_settime
#define NR_TFD_GETTIME SYS_timerfd_gettime
#define NR_TFD_SETTIME SYS_timerfd_settime
#define NR_PSELECT6 SYS_pselect6
#define NR_PPOLL SYS_ppoll
#define NR_MQ_SEND SYS_mq_timedsend
#define NR_MQ_RECEIVE SYS_mq_timedreceive
#define NR_SIGTIMEDWAIT SYS_rt_sigtimedwait
#define NR_FUTEX SYS_futex
#define WIDE_NSEC_HIGH_IGNORED 0
#endif

/* struct __kernel_timespec, __kernel_itimerspec, __kernel_timex. */
struct kts {
	long long tv_sec;
	long long tv_nsec;
};
struct kits {
	struct kts it_interval, it_value;
};
struct ktimex {
	unsigned int modes;
	int pad0;
	long long offset, freq, maxerror, esterror;
	int status;
	int pad1;
	long long constant, precision, tolerance;
	struct kts time;
	long long tick, ppsfreq, jitter;
	int shift;
	int pad2;
	long long stabil, jitcnt, calcnt, errcnt, stbcnt;
	int tai;
	int pad[11];
};

/* A valid tv_nsec with garbage in the upper half. */
#define GARBAGE_HIGH(ns) ((long long)(0xdeadbeefull << 32 | (unsigned)(ns)))
#define Y2038 0x80000000ll		/* 2038-01-19 03:14:08 UTC */
#define SETTOD_SEC_MAX 8277292036ll /* Linux's TIME_SETTOD_SEC_MAX, 2232 */
#define SIG SIGUSR1

static long long kts_ns(const struct kts *t)
{
	return t->tv_sec * NS_PER_S + t->tv_nsec;
}

static struct kts ns_kts(long long ns)
{
	struct kts t = {ns / NS_PER_S, ns % NS_PER_S};

	return t;
}

static long long now64(clockid_t c)
{
	struct kts t = {0, 0};

	syscall(NR_GETTIME, c, &t);
	return kts_ns(&t);
}

static void on_sig(int s)
{
	(void)s;
}

static void clocks(void)
{
	struct kts t, r;
	struct timespec old;

	EXPECT(syscall(NR_GETTIME, CLOCK_REALTIME, &t), 0, "clock_gettime64 REALTIME");
	clock_gettime(CLOCK_REALTIME, &old);
	why("%lld.%09lld vs %ld", t.tv_sec, t.tv_nsec, (long)old.tv_sec);
	ok(t.tv_nsec >= 0 && t.tv_nsec < NS_PER_S && t.tv_sec - old.tv_sec <= 1 &&
	       old.tv_sec - t.tv_sec <= 1,
	   "clock_gettime64 agrees with clock_gettime, tv_nsec's upper half 0");
	EXPECT(syscall(NR_GETTIME, CLOCK_MONOTONIC, &t), 0, "clock_gettime64 MONOTONIC");
	EXPECT(syscall(NR_GETTIME, 99, &t), EINVAL, "clock_gettime64 of no clock");
	EXPECT(syscall(NR_GETTIME, CLOCK_REALTIME, BAD_PTR_LOW), EFAULT,
	       "clock_gettime64 to a bad pointer");
	EXPECT(syscall(NR_GETRES, CLOCK_MONOTONIC, &r), 0, "clock_getres_time64");
	ok(r.tv_sec == 0 && r.tv_nsec > 0 && r.tv_nsec <= 10 * NS_PER_MS,
	   "clock_getres_time64: a resolution of at most 10 ms");
	EXPECT(syscall(NR_GETRES, CLOCK_MONOTONIC, NULLP), 0, "clock_getres_time64 NULL");
	EXPECT(syscall(NR_GETRES, 99, &r), EINVAL, "clock_getres_time64 of no clock");
	EXPECT(syscall(NR_GETRES, CLOCK_REALTIME, BAD_PTR_LOW), EFAULT,
	       "clock_getres_time64 to a bad pointer");

	t = ns_kts(0);
	EXPECT(syscall(NR_SETTIME, CLOCK_MONOTONIC, &t), EINVAL, "clock_settime64 MONOTONIC");
	t.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, &t), EINVAL, "clock_settime64 tv_nsec 1e9");
	t.tv_nsec = -1;
	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, &t), EINVAL, "clock_settime64 tv_nsec -1");
	t.tv_sec = -1, t.tv_nsec = 0;
	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, &t), EINVAL, "clock_settime64 tv_sec -1");
	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, BAD_PTR_LOW), EFAULT,
	       "clock_settime64 from a bad pointer");
}

static void sleeps(void)
{
	struct kts req = ns_kts(10 * NS_PER_MS), rem = {-1, -1};
	long long t0 = mono_ns(), t1;

	EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, &req, &rem), 0,
	       "clock_nanosleep_time64 10 ms");
	t1 = mono_ns();
	why("slept %lld ns", t1 - t0);
	ok(t1 - t0 >= 10 * NS_PER_MS, "not short");
	req.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, &req, NULLP), EINVAL,
	       "clock_nanosleep_time64 tv_nsec 1e9");
	req = ns_kts(0), req.tv_sec = -1;
	EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, &req, NULLP), EINVAL,
	       "clock_nanosleep_time64 tv_sec -1");
	EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, BAD_PTR_LOW, NULLP), EFAULT,
	       "clock_nanosleep_time64 from a bad pointer");
	EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC_RAW, 0, &req, NULLP), EOPNOTSUPP,
	       "clock_nanosleep_time64 MONOTONIC_RAW");
	req = ns_kts(mono_ns() - NS_PER_MS);
	EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, TIMER_ABSTIME, &req, NULLP), 0,
	       "clock_nanosleep_time64 to a time past");
	req.tv_sec = 0, req.tv_nsec = GARBAGE_HIGH(NS_PER_MS);
	if (WIDE_NSEC_HIGH_IGNORED)
		EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, &req, NULLP), 0,
		       "clock_nanosleep_time64: tv_nsec's upper half ignored (i386)");
	else
		skip("x86-64 checks all 64 bits",
		     "clock_nanosleep_time64: tv_nsec's upper half ignored (i386) -> 0");

	/* A handler ends a sleep: EINTR and the time left, 64-bit. */
	set_disposition(SIG, on_sig);
	{
		timer_t tm;
		struct itimerspec its = {{0, 0}, {0, 30 * NS_PER_MS}};
		struct sigevent sev;

		memset(&sev, 0, sizeof(sev));
		sev.sigev_notify = SIGEV_SIGNAL;
		sev.sigev_signo = SIG;
		timer_create(CLOCK_MONOTONIC, &sev, &tm);
		timer_settime(tm, 0, &its, NULL);
		req = ns_kts(2 * NS_PER_S);
		memset(&rem, 0xff, sizeof(rem));
		EXPECT(syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, &req, &rem), EINTR,
		       "clock_nanosleep_time64 ended by a handler");
		why("rem %lld.%09lld", rem.tv_sec, rem.tv_nsec);
		ok(rem.tv_sec >= 0 && rem.tv_sec <= 1 && rem.tv_nsec >= 0 && rem.tv_nsec < NS_PER_S &&
		       kts_ns(&rem) > NS_PER_S,
		   "the time left in rem, as a 64-bit timespec");
		timer_delete(tm);
	}
	set_disposition(SIG, SIG_DFL);

	/* Stopped and continued without a handler: restarted, not short. */
	{
		pid_t pid = fork();
		int st = 0;

		if (pid == 0) {
			struct kts r = ns_kts(300 * NS_PER_MS), left = {7, 7};
			long long a = mono_ns();
			long rc = syscall(NR_NANOSLEEP, CLOCK_MONOTONIC, 0, &r, &left);

			/* rem was written when the stop interrupted it (Linux) */
			_exit(rc == 0 && mono_ns() - a >= 300 * NS_PER_MS && left.tv_sec == 0 &&
				      left.tv_nsec > 0 && left.tv_nsec < 300 * NS_PER_MS
			      ? 0
			      : 1);
		}
		sleep_ms(60);
		kill(pid, SIGSTOP);
		sleep_ms(60);
		kill(pid, SIGCONT);
		waitpid(pid, &st, 0);
		ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
		   "a stopped and continued clock_nanosleep_time64 restarts and sleeps its whole time");
	}
}

static void timers(void)
{
	struct sigevent sev;
	struct kits its, cur;
	int id = -1;

	/* SIGEV_SIGNAL: Linux reads a disarmed SIGEV_NONE timer's old expiry
	 * (common_timer_get); its timers here never fire. */
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR2;
	EXPECT(syscall(SYS_timer_create, CLOCK_MONOTONIC, &sev, &id), 0, "raw timer_create");
	its.it_interval = ns_kts(1500 * NS_PER_MS);
	its.it_value.tv_sec = 5000000000ll; /* 158 years: 2^32 s and more */
	its.it_value.tv_nsec = 0;
	EXPECT(syscall(NR_TIMER_SETTIME, id, 0, &its, NULLP), 0,
	       "timer_settime64 5e9 s ahead, period 1.5 s");
	EXPECT(syscall(NR_TIMER_GETTIME, id, &cur), 0, "timer_gettime64");
	why("%lld.%09lld / %lld.%09lld", cur.it_value.tv_sec, cur.it_value.tv_nsec,
	    cur.it_interval.tv_sec, cur.it_interval.tv_nsec);
	ok(cur.it_interval.tv_sec == 1 && cur.it_interval.tv_nsec == 500000000,
	   "the interval read back exactly");
	ok(cur.it_value.tv_sec > 4999999990ll && cur.it_value.tv_sec < 5000000000ll + 1,
	   "the value read back past 2^32 s");
	memset(&its, 0, sizeof(its));
	memset(&cur, 0xff, sizeof(cur));
	EXPECT(syscall(NR_TIMER_SETTIME, id, 0, &its, &cur), 0, "timer_settime64 disarming");
	ok(cur.it_value.tv_sec > 4999999990ll && cur.it_interval.tv_sec == 1,
	   "the old value, 64-bit");
	EXPECT(syscall(NR_TIMER_GETTIME, id, &cur), 0, "timer_gettime64 disarmed");
	why("%lld.%09lld / %lld.%09lld", cur.it_value.tv_sec, cur.it_value.tv_nsec,
	    cur.it_interval.tv_sec, cur.it_interval.tv_nsec);
	ok(cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec == 0, "disarmed reads 0");
	its.it_value.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_TIMER_SETTIME, id, 0, &its, NULLP), EINVAL,
	       "timer_settime64 tv_nsec 1e9");
	its.it_value.tv_nsec = 0, its.it_value.tv_sec = -1;
	EXPECT(syscall(NR_TIMER_SETTIME, id, 0, &its, NULLP), EINVAL,
	       "timer_settime64 tv_sec -1");
	its.it_value.tv_sec = 1, its.it_interval.tv_nsec = -1;
	EXPECT(syscall(NR_TIMER_SETTIME, id, 0, &its, NULLP), EINVAL,
	       "timer_settime64 interval tv_nsec -1");
	EXPECT(syscall(NR_TIMER_SETTIME, id, 0, BAD_PTR_LOW, NULLP), EFAULT,
	       "timer_settime64 from a bad pointer");
	EXPECT(syscall(NR_TIMER_GETTIME, id, BAD_PTR_LOW), EFAULT,
	       "timer_gettime64 to a bad pointer");
	memset(&its, 0, sizeof(its));
	EXPECT(syscall(NR_TIMER_SETTIME, 12345, 0, &its, NULLP), EINVAL,
	       "timer_settime64 of no timer");
	EXPECT(syscall(NR_TIMER_GETTIME, 12345, &cur), EINVAL, "timer_gettime64 of no timer");
	its.it_value.tv_sec = 10;
	its.it_value.tv_nsec = GARBAGE_HIGH(5);
	if (WIDE_NSEC_HIGH_IGNORED) {
		EXPECT(syscall(NR_TIMER_SETTIME, id, 0, &its, NULLP), 0,
		       "timer_settime64: tv_nsec's upper half ignored (i386)");
	} else {
		skip("x86-64 checks all 64 bits",
		     "timer_settime64: tv_nsec's upper half ignored (i386) -> 0");
	}
	syscall(SYS_timer_delete, id);

	/* timerfd */
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);

	memset(&its, 0, sizeof(its));
	its.it_interval = ns_kts(2 * NS_PER_S + 1);
	its.it_value = ns_kts(10 * NS_PER_S);
	EXPECT(syscall(NR_TFD_SETTIME, fd, 0, &its, NULLP), 0, "timerfd_settime64");
	EXPECT(syscall(NR_TFD_GETTIME, fd, &cur), 0, "timerfd_gettime64");
	ok(cur.it_interval.tv_sec == 2 && cur.it_interval.tv_nsec == 1 &&
	       cur.it_value.tv_sec >= 9 && kts_ns(&cur.it_value) <= 10 * NS_PER_S,
	   "timerfd_gettime64 reads the setting back");
	memset(&cur, 0xff, sizeof(cur));
	memset(&its, 0, sizeof(its));
	EXPECT(syscall(NR_TFD_SETTIME, fd, 0, &its, &cur), 0, "timerfd_settime64 disarming");
	ok(cur.it_interval.tv_sec == 2 && cur.it_value.tv_sec >= 9, "the old setting, 64-bit");
	EXPECT(syscall(NR_TFD_SETTIME, fd, 4, &its, NULLP), EINVAL, "timerfd_settime64 flag 4");
	its.it_value.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_TFD_SETTIME, fd, 0, &its, NULLP), EINVAL,
	       "timerfd_settime64 tv_nsec 1e9");
	EXPECT(syscall(NR_TFD_SETTIME, fd, 0, BAD_PTR_LOW, NULLP), EFAULT,
	       "timerfd_settime64 from a bad pointer");
	EXPECT(syscall(NR_TFD_GETTIME, fd, BAD_PTR_LOW), EFAULT,
	       "timerfd_gettime64 to a bad pointer");
	its.it_value.tv_nsec = 0;
	EXPECT(syscall(NR_TFD_SETTIME, -1, 0, &its, NULLP), EBADF, "timerfd_settime64 of no fd");
	EXPECT(syscall(NR_TFD_GETTIME, -1, &cur), EBADF, "timerfd_gettime64 of no fd");
	close(fd);
}

static void waits(void)
{
	struct kts t = ns_kts(10 * NS_PER_MS);
	long long t0 = mono_ns();
	int p[2];

	EXPECT(syscall(NR_PSELECT6, 0, NULLP, NULLP, NULLP, &t, NULLP), 0,
	       "pselect6_time64 times out");
	ok(mono_ns() - t0 >= 10 * NS_PER_MS && t.tv_sec == 0 && t.tv_nsec == 0,
	   "not early; the time left written back, 0");
	t.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_PSELECT6, 0, NULLP, NULLP, NULLP, &t, NULLP), EINVAL,
	       "pselect6_time64 tv_nsec 1e9");
	EXPECT(syscall(NR_PSELECT6, 0, NULLP, NULLP, NULLP, BAD_PTR_LOW, NULLP), EFAULT,
	       "pselect6_time64 from a bad pointer");

	pipe(p);
	write(p[1], "x", 1);
	{
		struct pollfd pfd = {p[0], POLLIN, 0};

		t = ns_kts(5 * NS_PER_S);
		EXPECT_RET(syscall(NR_PPOLL, &pfd, 1, &t, NULLP, 8), 1, "ppoll_time64: ready at once");
		ok(t.tv_sec >= 4 && t.tv_sec <= 5 && t.tv_nsec >= 0 && t.tv_nsec < NS_PER_S,
		   "the time left written back, 64-bit");
		t = ns_kts(10 * NS_PER_MS);
		t0 = mono_ns();
		EXPECT(syscall(NR_PPOLL, NULLP, 0, &t, NULLP, 8), 0, "ppoll_time64 times out");
		ok(mono_ns() - t0 >= 10 * NS_PER_MS, "not early");
		t.tv_nsec = -1;
		EXPECT(syscall(NR_PPOLL, &pfd, 1, &t, NULLP, 8), EINVAL, "ppoll_time64 tv_nsec -1");
		EXPECT(syscall(NR_PPOLL, &pfd, 1, BAD_PTR_LOW, NULLP, 8), EFAULT,
		       "ppoll_time64 from a bad pointer");
		t.tv_sec = 0, t.tv_nsec = GARBAGE_HIGH(0);
		if (WIDE_NSEC_HIGH_IGNORED)
			EXPECT_RET(syscall(NR_PPOLL, &pfd, 1, &t, NULLP, 8), 1,
				   "ppoll_time64: tv_nsec's upper half ignored (i386)");
		else
			skip("x86-64 checks all 64 bits", "ppoll_time64: tv_nsec's upper half ignored (i386)");
	}
	close(p[0]);
	close(p[1]);
}

static void queues_signals_futex(void)
{
	struct mq_attr attr = {.mq_maxmsg = 2, .mq_msgsize = 16};
	char name[32], buf[16];
	unsigned prio = 0;
	struct kts past = ns_kts(NS_PER_S), bad = {0, NS_PER_S};
	mqd_t q;

	snprintf(name, sizeof(name), "/time64-%d", (int)getpid());
	q = mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
	ok(q != (mqd_t)-1, "mq_open");
	mq_unlink(name);
	EXPECT(syscall(NR_MQ_SEND, q, "ab", 2, 3, &past), 0,
	       "mq_timedsend_time64 with room: the timeout not needed");
	EXPECT_RET(syscall(NR_MQ_RECEIVE, q, buf, sizeof(buf), &prio, &past), 2,
		   "mq_timedreceive_time64 takes it");
	ok(prio == 3 && buf[0] == 'a', "with its priority");
	EXPECT(syscall(NR_MQ_RECEIVE, q, buf, sizeof(buf), &prio, &past), ETIMEDOUT,
	       "mq_timedreceive_time64 empty, a deadline past: ETIMEDOUT");
	EXPECT(syscall(NR_MQ_RECEIVE, q, buf, sizeof(buf), &prio, &bad), EINVAL,
	       "mq_timedreceive_time64 tv_nsec 1e9");
	EXPECT(syscall(NR_MQ_SEND, q, "ab", 2, 3, &bad), EINVAL,
	       "mq_timedsend_time64 tv_nsec 1e9");
	EXPECT(syscall(NR_MQ_SEND, q, "ab", 2, 3, BAD_PTR_LOW), EFAULT,
	       "mq_timedsend_time64 from a bad pointer");
	mq_close(q);

	sigset_t set;
	siginfo_t si;
	struct kts t = ns_kts(NS_PER_S);

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR2);
	EXPECT_RET(syscall(NR_SIGTIMEDWAIT, &set, &si, &t, 8), SIGUSR2,
		   "rt_sigtimedwait_time64 takes the pending signal");
	t = ns_kts(10 * NS_PER_MS);
	EXPECT(syscall(NR_SIGTIMEDWAIT, &set, &si, &t, 8), EAGAIN,
	       "rt_sigtimedwait_time64 times out: EAGAIN");
	t.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_SIGTIMEDWAIT, &set, &si, &t, 8), EINVAL,
	       "rt_sigtimedwait_time64 tv_nsec 1e9");
	EXPECT(syscall(NR_SIGTIMEDWAIT, &set, &si, BAD_PTR_LOW, 8), EFAULT,
	       "rt_sigtimedwait_time64 from a bad pointer");

	static int word;
	long long t0 = mono_ns();

	t = ns_kts(10 * NS_PER_MS);
	EXPECT(syscall(NR_FUTEX, &word, 128 /* FUTEX_WAIT | PRIVATE */, 0, &t, NULLP, 0),
	       ETIMEDOUT, "futex_time64 FUTEX_WAIT times out");
	ok(mono_ns() - t0 >= 10 * NS_PER_MS, "not early");
	EXPECT(syscall(NR_FUTEX, &word, 128, 1, &t, NULLP, 0), EAGAIN,
	       "futex_time64 FUTEX_WAIT on another value: EAGAIN");
	t = ns_kts(now64(CLOCK_REALTIME) - NS_PER_S);
	EXPECT(syscall(NR_FUTEX, &word, 9 | 128 | 256 /* WAIT_BITSET, REALTIME */, 0, &t, NULLP,
		       ~0u),
	       ETIMEDOUT, "futex_time64 WAIT_BITSET, a REALTIME deadline past");
	t.tv_nsec = NS_PER_S;
	EXPECT(syscall(NR_FUTEX, &word, 128, 0, &t, NULLP, 0), EINVAL,
	       "futex_time64 tv_nsec 1e9");
	EXPECT(syscall(NR_FUTEX, &word, 128, 0, BAD_PTR_LOW, NULLP, 0), EFAULT,
	       "futex_time64 from a bad pointer");

	struct ktimex tx;

	memset(&tx, 0, sizeof(tx));
	long rc = syscall(NR_ADJTIME, CLOCK_REALTIME, &tx);

	why("rc %ld, time %lld", rc, tx.time.tv_sec);
	ok(rc >= 0 && tx.time.tv_sec > 1500000000ll &&
	       tx.time.tv_sec - now64(CLOCK_REALTIME) / NS_PER_S <= 1,
	   "clock_adjtime64 reads the state and the time, 64-bit");
	EXPECT(syscall(NR_ADJTIME, CLOCK_MONOTONIC, &tx), EOPNOTSUPP,
	       "clock_adjtime64 MONOTONIC");
	EXPECT(syscall(NR_ADJTIME, 99, &tx), EINVAL, "clock_adjtime64 of no clock");
	EXPECT(syscall(NR_ADJTIME, CLOCK_REALTIME, BAD_PTR_LOW), EFAULT,
	       "clock_adjtime64 from a bad pointer");
}

static const char *const settime_names[] = {
	"clock_settime64 past 2038",
	"clock_gettime64 reads the time past 2038",
	"timer_settime64 TIMER_ABSTIME on REALTIME past 2038",
	"timer_gettime64: the time left, at most 200 ms",
	"the timer fires",
	"not before its time past 2038",
	"clock_settime64 to TIME_SETTOD_SEC_MAX: EINVAL",
	"clock_settime64 a second below it",
	"clock_adjtime64 reads the time past 2232",
};

/* What EXPECT adds to the lines that have it, for the SKIP lines. */
static const char *const settime_suffix[] = {" -> 0", "", " -> 0", "", "", "", " -> EINVAL",
					     " -> 0", ""};

static void settime(void)
{
	long long back = now64(CLOCK_REALTIME) - mono_ns(), when = Y2038 + 100;
	struct kts t = {when, 0};
	struct sigevent sev;
	struct kits its, cur;
	sigset_t set;
	siginfo_t si;
	int id = -1;

	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, &t), 0, "%s", settime_names[0]);
	ok(now64(CLOCK_REALTIME) / NS_PER_S - when <= 2, "%s", settime_names[1]);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGUSR2;
	syscall(SYS_timer_create, CLOCK_REALTIME, &sev, &id);
	memset(&its, 0, sizeof(its));
	its.it_value = ns_kts(now64(CLOCK_REALTIME) + 200 * NS_PER_MS);
	EXPECT(syscall(NR_TIMER_SETTIME, id, TIMER_ABSTIME, &its, NULLP), 0, "%s",
	       settime_names[2]);
	syscall(NR_TIMER_GETTIME, id, &cur);
	ok(kts_ns(&cur.it_value) > 0 && kts_ns(&cur.it_value) <= 200 * NS_PER_MS, "%s",
	   settime_names[3]);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	t = ns_kts(2 * NS_PER_S);
	EXPECT_RET(syscall(NR_SIGTIMEDWAIT, &set, &si, &t, 8), SIGUSR2, "%s", settime_names[4]);
	ok(now64(CLOCK_REALTIME) >= kts_ns(&its.it_value), "%s", settime_names[5]);
	syscall(SYS_timer_delete, id);
	t.tv_sec = SETTOD_SEC_MAX, t.tv_nsec = 0;
	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, &t), EINVAL, "%s", settime_names[6]);
	t.tv_sec = SETTOD_SEC_MAX - 1;
	EXPECT(syscall(NR_SETTIME, CLOCK_REALTIME, &t), 0, "%s", settime_names[7]);
	{
		struct ktimex tx;

		memset(&tx, 0, sizeof(tx));
		syscall(NR_ADJTIME, CLOCK_REALTIME, &tx);
		why("%lld", tx.time.tv_sec);
		ok(tx.time.tv_sec >= SETTOD_SEC_MAX - 1 && tx.time.tv_sec <= SETTOD_SEC_MAX + 1,
		   "%s", settime_names[8]);
	}
	t = ns_kts(mono_ns() + back);
	syscall(NR_SETTIME, CLOCK_REALTIME, &t);
}

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);

	clocks();
	sleeps();
	timers();
	waits();
	queues_signals_futex();
	if (allowed) {
		settime();
	} else {
		for (unsigned i = 0; i < sizeof(settime_names) / sizeof(*settime_names); i++)
			skip("on host: would set the host clock", "%s%s", settime_names[i],
			     settime_suffix[i]);
	}
	return done();
}
