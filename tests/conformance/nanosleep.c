/*
 * nanosleep: sleeps at least the time asked (measured on CLOCK_MONOTONIC),
 * -1/EINTR with the remaining time only when a handler ran, not woken by
 * ignored or blocked signals, EINVAL for bad times.  Bad pointers are in
 * efault.c.
 */
#include "conformance.h"

#define SIG SIGUSR2

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
	struct timespec req = ns_ts(20 * NS_PER_MS);
	int64_t m0, m1;

	m0 = mono_ns();
	EXPECT(nanosleep(&req, NULL), 0, "nanosleep 20 ms");
	m1 = mono_ns();
	why("slept %lld", (long long)(m1 - m0));
	ok(m1 - m0 >= 20 * NS_PER_MS, "it slept at least 20 ms");
	req = ns_ts(1);
	EXPECT(nanosleep(&req, NULL), 0, "nanosleep 1 ns");
	req = ns_ts(0);
	EXPECT(nanosleep(&req, NULL), 0, "nanosleep 0");
}

static void bad_arguments(void)
{
	struct timespec t;

	t.tv_sec = 0;
	t.tv_nsec = 1000000000;
	EXPECT(nanosleep(&t, NULL), EINVAL, "nanosleep tv_nsec 1000000000");
	t.tv_nsec = -1;
	EXPECT(nanosleep(&t, NULL), EINVAL, "nanosleep tv_nsec -1");
	t.tv_sec = -1;
	t.tv_nsec = 0;
	EXPECT(nanosleep(&t, NULL), EINVAL, "nanosleep tv_sec -1");
}

static void interrupted(void)
{
	timer_t t;
	struct timespec req = ns_ts(NS_PER_S), rem = { -1, -1 };
	int64_t m0, m1, m_pre, left;
	int r, err;

	set_handler(SIG, handler, 0);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	unblock_signal(SIG);
	m0 = mono_ns();
	arm_timer(t, 0, 30 * NS_PER_MS, 0);
	m_pre = mono_ns();
	r = nanosleep(&req, &rem);
	err = errno;
	m1 = mono_ns();
	why("r=%d errno=%s", r, errname(err));
	ok(r == -1 && err == EINTR, "a timer signal with a handler: -1 EINTR");
	ok(h_count == 1, "the handler ran");
	left = ts_ns(&rem);
	why("rem=%lld", (long long)left);
	ok(left > 0 && left <= NS_PER_S, "rem is set, > 0, <= requested");
	why("rem=%lld slept=%lld", (long long)left, (long long)(m1 - m0));
	ok(left + (m1 - m0) >= NS_PER_S - NS_PER_MS,
	   "rem + time slept covers the request");
	/*
	 * The timer cannot fire before 30 ms after m0, and the sleep began
	 * before m_pre: at most req - 30 ms + (m_pre - m0) was left, plus
	 * 1 ms for the sleep's timer slack (Linux counts rem from a deadline
	 * up to 50 us late by default).
	 */
	why("rem=%lld bound=%lld", (long long)left,
	    (long long)(NS_PER_S - 29 * NS_PER_MS + (m_pre - m0)));
	ok(left <= NS_PER_S - 29 * NS_PER_MS + (m_pre - m0),
	   "rem is no more than what was left at the signal");

	arm_timer(t, 0, 30 * NS_PER_MS, 0);
	r = nanosleep(&req, NULL);
	err = errno;
	why("r=%d errno=%s", r, errname(err));
	ok(r == -1 && err == EINTR && h_count == 2,
	   "interrupted with a NULL rem: -1 EINTR");
	block_signal(SIG);

	set_disposition(SIG, SIG_IGN);
	unblock_signal(SIG);
	req = ns_ts(80 * NS_PER_MS);
	arm_timer(t, 0, 20 * NS_PER_MS, 0);
	m0 = mono_ns();
	r = nanosleep(&req, &rem);
	m1 = mono_ns();
	why("r=%d slept %lld", r, (long long)(m1 - m0));
	ok(r == 0 && m1 - m0 >= 80 * NS_PER_MS,
	   "an ignored timer signal does not wake it");

	block_signal(SIG);
	set_handler(SIG, handler, 0);
	h_count = 0;
	arm_timer(t, 0, 20 * NS_PER_MS, 0);
	m0 = mono_ns();
	r = nanosleep(&req, &rem);
	m1 = mono_ns();
	why("r=%d slept %lld", r, (long long)(m1 - m0));
	ok(r == 0 && m1 - m0 >= 80 * NS_PER_MS,
	   "a blocked timer signal does not wake it");
	ok(is_pending(SIG) == 1 && h_count == 0, "the signal stays pending");
	take_signal(SIG, NULL, 0);
	timer_delete(t);
}

int main(void)
{
	block_signal(SIG);
	sleeps();
	bad_arguments();
	interrupted();
	return done();
}
