/*
 * clock_nanosleep: relative and TIMER_ABSTIME sleeps on CLOCK_REALTIME and
 * CLOCK_MONOTONIC last at least the time asked; the result is the error
 * number itself (errno untouched); EINTR with the remaining time only when
 * a handler ran (even with SA_RESTART); ignored and blocked signals do not
 * wake it; bad arguments are EINVAL, CLOCK_THREAD_CPUTIME_ID too; flag bits
 * other than TIMER_ABSTIME are ignored.  Bad pointers are in efault.c.
 */
#include "conformance.h"

#define SIG SIGUSR1

static volatile sig_atomic_t h_count;

static void handler(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	h_count++;
}

static void sleeps(void)
{
	struct timespec req = ns_ts(20 * NS_PER_MS), abs;
	int64_t m0, m1, target;
	int r;

	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL);
	m1 = mono_ns();
	ok(r == 0, "CLOCK_MONOTONIC relative 20 ms returns 0");
	why("slept %lld", (long long)(m1 - m0));
	ok(m1 - m0 >= 20 * NS_PER_MS, "it slept at least 20 ms");

	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_REALTIME, 0, &req, NULL);
	m1 = mono_ns();
	ok(r == 0, "CLOCK_REALTIME relative 20 ms returns 0");
	why("slept %lld", (long long)(m1 - m0));
	ok(m1 - m0 >= 20 * NS_PER_MS, "it slept at least 20 ms");

	target = mono_ns() + 20 * NS_PER_MS;
	abs = ns_ts(target);
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &abs, NULL);
	ok(r == 0, "CLOCK_MONOTONIC TIMER_ABSTIME now + 20 ms returns 0");
	why("woke %lld ns early", (long long)(target - mono_ns()));
	ok(mono_ns() >= target, "it woke no earlier than the time asked");

	target = now_ns(CLOCK_REALTIME) + 20 * NS_PER_MS;
	abs = ns_ts(target);
	r = clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &abs, NULL);
	ok(r == 0, "CLOCK_REALTIME TIMER_ABSTIME now + 20 ms returns 0");
	why("woke %lld ns early", (long long)(target - now_ns(CLOCK_REALTIME)));
	ok(now_ns(CLOCK_REALTIME) >= target, "it woke no earlier than asked");

	abs = ns_ts(1);
	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &abs, NULL);
	ok(r == 0 && mono_ns() - m0 < 500 * NS_PER_MS,
	   "TIMER_ABSTIME in the past returns 0 at once");
	r = clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, TIMER_ABSTIME, &abs, NULL);
	ok(r == 0, "CLOCK_PROCESS_CPUTIME_ID TIMER_ABSTIME in the past returns 0");

	req = ns_ts(0);
	ok(clock_nanosleep(CLOCK_MONOTONIC, 0, &req, NULL) == 0,
	   "a zero relative sleep returns 0");

	/* Flag bits other than TIMER_ABSTIME: still a relative sleep. */
	req = ns_ts(10 * NS_PER_MS);
	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, 2, &req, NULL);
	m1 = mono_ns();
	why("r=%s slept %lld", errname(r), (long long)(m1 - m0));
	ok(r == 0 && m1 - m0 >= 10 * NS_PER_MS,
	   "flags 2: accepted, sleeps relative 10 ms");
	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, (int)0xfffffffe, &req, NULL);
	m1 = mono_ns();
	why("r=%s slept %lld", errname(r), (long long)(m1 - m0));
	ok(r == 0 && m1 - m0 >= 10 * NS_PER_MS,
	   "flags 0xfffffffe: accepted, sleeps relative 10 ms");
}

static void bad_arguments(void)
{
	static const struct {
		long sec, nsec;
		int flags;
		const char *what;
	} bad[] = {
		{ 0, 1000000000, 0, "tv_nsec 1000000000" },
		{ 0, -1, 0, "tv_nsec -1" },
		{ -1, 0, 0, "tv_sec -1" },
		{ -1, 0, TIMER_ABSTIME, "TIMER_ABSTIME tv_sec -1" },
		{ 0, 1000000000, TIMER_ABSTIME, "TIMER_ABSTIME tv_nsec 1e9" },
	};
	struct timespec t, rem;
	int touched = 0;

	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		t.tv_sec = bad[i].sec;
		t.tv_nsec = bad[i].nsec;
		errno = 0;
		int r = clock_nanosleep(CLOCK_MONOTONIC, bad[i].flags, &t, &rem);
		if (errno != 0)
			touched = errno;
		why("returned %s", errname(r));
		ok(r == EINVAL, "clock_nanosleep %s returns EINVAL",
		   bad[i].what);
	}
	why("errno=%s", errname(touched));
	ok(touched == 0, "the error is returned, errno is left alone");
	t = ns_ts(NS_PER_MS);
	EXPECT_RET(clock_nanosleep(-1, 0, &t, NULL), EINVAL,
		   "clock_nanosleep clock -1 returns EINVAL");
	EXPECT_RET(clock_nanosleep(99, 0, &t, NULL), EINVAL,
		   "clock_nanosleep clock 99 returns EINVAL");
	EXPECT_RET(clock_nanosleep(CLOCK_THREAD_CPUTIME_ID, 0, &t, NULL),
		   EINVAL, "clock_nanosleep CLOCK_THREAD_CPUTIME_ID returns EINVAL");
}

static void interrupted(int sa_flags, const char *how)
{
	timer_t t;
	struct timespec req = ns_ts(NS_PER_S), rem = { -1, -1 };
	int64_t m0, m1, m_pre, left;
	int r;

	set_handler(SIG, handler, sa_flags);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	h_count = 0;
	unblock_signal(SIG);
	m0 = mono_ns();
	arm_timer(t, 0, 30 * NS_PER_MS, 0);
	m_pre = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem);
	m1 = mono_ns();
	block_signal(SIG);
	why("returned %s", errname(r));
	ok(r == EINTR, "%s: a timer signal with a handler interrupts: EINTR", how);
	ok(h_count == 1, "%s: the handler ran", how);
	left = ts_ns(&rem);
	why("rem=%lld", (long long)left);
	ok(left > 0 && left <= NS_PER_S, "%s: rem is set, > 0, <= requested", how);
	why("rem=%lld slept=%lld", (long long)left, (long long)(m1 - m0));
	ok(left + (m1 - m0) >= NS_PER_S - NS_PER_MS,
	   "%s: rem + time slept covers the request", how);
	/*
	 * The timer cannot fire before 30 ms after m0, and the sleep began
	 * before m_pre: at most req - 30 ms + (m_pre - m0) was left, plus
	 * 1 ms for the sleep's timer slack (Linux counts rem from a deadline
	 * up to 50 us late by default).
	 */
	why("rem=%lld bound=%lld", (long long)left,
	    (long long)(NS_PER_S - 29 * NS_PER_MS + (m_pre - m0)));
	ok(left <= NS_PER_S - 29 * NS_PER_MS + (m_pre - m0),
	   "%s: rem is no more than what was left at the signal", how);

	/* An absolute sleep interrupted leaves rem alone. */
	h_count = 0;
	rem.tv_sec = 12345;
	rem.tv_nsec = 678;
	req = ns_ts(mono_ns() + NS_PER_S);
	unblock_signal(SIG);
	arm_timer(t, 0, 30 * NS_PER_MS, 0);
	r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &req, &rem);
	block_signal(SIG);
	why("returned %s", errname(r));
	ok(r == EINTR && h_count == 1, "%s: absolute sleep interrupted: EINTR",
	   how);
	ok(rem.tv_sec == 12345 && rem.tv_nsec == 678,
	   "%s: an absolute sleep does not write rem", how);
	timer_delete(t);
}

/* A signal that is ignored, or blocked, does not end the sleep. */
static void not_woken(void)
{
	timer_t t;
	struct timespec req = ns_ts(80 * NS_PER_MS), rem;
	int64_t m0, m1;
	int r;

	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);

	set_disposition(SIG, SIG_IGN);
	unblock_signal(SIG);
	arm_timer(t, 0, 20 * NS_PER_MS, 0);
	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem);
	m1 = mono_ns();
	why("r=%s slept %lld", errname(r), (long long)(m1 - m0));
	ok(r == 0 && m1 - m0 >= 80 * NS_PER_MS,
	   "an ignored timer signal does not wake the sleep");

	block_signal(SIG);
	h_count = 0;
	set_handler(SIG, handler, 0);
	arm_timer(t, 0, 20 * NS_PER_MS, 0);
	m0 = mono_ns();
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem);
	m1 = mono_ns();
	why("r=%s slept %lld", errname(r), (long long)(m1 - m0));
	ok(r == 0 && m1 - m0 >= 80 * NS_PER_MS,
	   "a blocked timer signal does not wake the sleep");
	ok(is_pending(SIG) == 1 && h_count == 0,
	   "the blocked signal is pending and no handler ran");
	take_signal(SIG, NULL, 0);
	timer_delete(t);
	set_disposition(SIG, SIG_DFL);
}

int main(void)
{
	block_signal(SIG);
	sleeps();
	bad_arguments();
	interrupted(0, "handler");
	interrupted(SA_RESTART, "SA_RESTART handler");
	not_woken();
	return done();
}
