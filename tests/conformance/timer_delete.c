/*
 * timer_delete: frees the id (every call on it is then EINVAL, deleting
 * twice too), stops an armed timer, drops the signal that timer has queued
 * and only that one, and the id is not handed out again at once.
 */
#include "conformance.h"

#define SIG (SIGRTMIN + 2)

static void id_invalid_afterwards(void)
{
	timer_t t;
	struct itimerspec v;

	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 0, &t);
	arm_timer(t, 0, NS_PER_S, 0);
	EXPECT(timer_delete(t), 0, "timer_delete of an armed timer");
	EXPECT(timer_gettime(t, &v), EINVAL, "timer_gettime after delete");
	EXPECT(arm_timer(t, 0, NS_PER_S, 0), EINVAL,
	       "timer_settime after delete");
	EXPECT(timer_getoverrun(t) < 0 ? -1 : 0, EINVAL,
	       "timer_getoverrun after delete");
	EXPECT(timer_delete(t), EINVAL, "timer_delete twice");
	EXPECT(timer_delete(NEVER_CREATED_TIMER), EINVAL,
	       "timer_delete of an id never created");
}

static void stops_and_drops(void)
{
	timer_t a, b;
	siginfo_t si;
	int got, err;

	/* An armed periodic timer stops. */
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 1, &a);
	arm_timer(a, 0, 10 * NS_PER_MS, 10 * NS_PER_MS);
	ok(take_signal(SIG, &si, 2000) == SIG, "periodic timer fires");
	timer_delete(a);
	take_signal(SIG, &si, 0);
	ok(take_signal(SIG, &si, 60) == -1, "deleted periodic timer fires no more");

	/* Its queued signal is dropped. */
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 1, &a);
	arm_timer(a, 0, 5 * NS_PER_MS, 0);
	ok(wait_pending(SIG, 2000), "one-shot timer's signal queued");
	timer_delete(a);
	got = take_signal(SIG, &si, 0);
	err = errno;
	ok(got == -1 && err == EAGAIN,
	   "after delete its queued signal is not delivered");
	/*
	 * Linux 6.18 may still show the bit in sigpending() right after the
	 * delete, and drops the stale entry when a dequeue looks at it; after
	 * the sigtimedwait above both systems must show nothing.
	 */
	ok(is_pending(SIG) == 0, "and sigpending no longer shows it");

	/* Only that timer's signal: another source of the same signal stays. */
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 1, &a);
	make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 2, &b);
	arm_timer(a, 0, 5 * NS_PER_MS, 0);
	arm_timer(b, 0, 10 * NS_PER_MS, 0);
	sleep_ms(30);
	timer_delete(a);
	got = take_signal(SIG, &si, 0);
	ok(got == SIG, "another timer's signal of the same number stays queued");
	why("sival_int=%d", si.si_value.sival_int);
	ok(si.si_value.sival_int == 2, "it is the surviving timer's signal");
	ok(take_signal(SIG, &si, 0) == -1, "and the deleted one's is gone");
	timer_delete(b);
}

static void id_not_reused_at_once(void)
{
	timer_t a, b;

	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &a);
	int old = TIMER_ID_INT(a);
	timer_delete(a);
	make_timer(CLOCK_MONOTONIC, SIGEV_NONE, 0, 0, &b);
	why("old=%d new=%d", old, TIMER_ID_INT(b));
	ok(TIMER_ID_INT(b) != old, "a deleted id is not handed out again at once");
	timer_delete(b);
}

int main(void)
{
	block_signal(SIG);
	id_invalid_afterwards();
	stops_and_drops();
	id_not_reused_at_once();
	return done();
}
