/*
 * Timers on the CPU-time clocks: they count only the CPU time the program
 * uses, so they fire while it computes and stand still while it sleeps.
 */
#include "conformance.h"

#define SIG SIGUSR1

static void fires_on_cpu(clockid_t clock, const char *name, int flags)
{
	timer_t t;
	siginfo_t si;
	int64_t c0, used;

	if (!ok(make_timer(clock, SIGEV_SIGNAL, SIG, 9, &t) == 0,
		"timer_create(%s)", name))
		return;
	c0 = now_ns(clock);
	arm_timer(t, flags, flags ? c0 + 20 * NS_PER_MS : 20 * NS_PER_MS, 0);
	burn_cpu(clock, 21 * NS_PER_MS, 3 * NS_PER_S);
	/*
	 * The expiry is noticed at the clock's accounting points (Linux: a
	 * tick while the task runs): keep computing, up to 3 s of wall time,
	 * until the signal is there.
	 */
	int64_t wall_end = mono_ns() + 3 * NS_PER_S;
	int got = take_signal(SIG, &si, 0);
	while (got != SIG && mono_ns() < wall_end) {
		burn_cpu(clock, NS_PER_MS, 50 * NS_PER_MS);
		got = take_signal(SIG, &si, 0);
	}
	used = now_ns(clock) - c0;
	why("got=%d si_code=%d sival=%d cpu used %lld", got, si.si_code,
	    si.si_value.sival_int, (long long)used);
	ok(got == SIG && si.si_code == SI_TIMER && si.si_value.sival_int == 9,
	   "%s %s 20 ms timer fires while computing", name,
	   flags ? "absolute" : "relative");
	why("cpu used %lld", (long long)used);
	ok(used >= 20 * NS_PER_MS, "%s timer does not fire early", name);
	timer_delete(t);
}

static void stands_still_when_sleeping(void)
{
	timer_t t;
	int64_t a, b;

	make_timer(CLOCK_PROCESS_CPUTIME_ID, SIGEV_NONE, 0, 0, &t);
	arm_timer(t, 0, NS_PER_S, 0);
	a = timer_left(t);
	sleep_ms(60);
	b = timer_left(t);
	why("a=%lld b=%lld", (long long)a, (long long)b);
	ok(a - b < 20 * NS_PER_MS,
	   "a CPU-time timer hardly moves while the program sleeps");
	burn_cpu(CLOCK_PROCESS_CPUTIME_ID, 30 * NS_PER_MS, 3 * NS_PER_S);
	b = timer_left(t);
	why("a=%lld b=%lld", (long long)a, (long long)b);
	ok(a - b >= 30 * NS_PER_MS, "and runs down while it computes");
	timer_delete(t);
}

int main(void)
{
	block_signal(SIG);
	fires_on_cpu(CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID", 0);
	fires_on_cpu(CLOCK_PROCESS_CPUTIME_ID, "CLOCK_PROCESS_CPUTIME_ID",
		     TIMER_ABSTIME);
	fires_on_cpu(CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID", 0);
	fires_on_cpu(CLOCK_THREAD_CPUTIME_ID, "CLOCK_THREAD_CPUTIME_ID",
		     TIMER_ABSTIME);
	stands_still_when_sleeping();
	return done();
}
