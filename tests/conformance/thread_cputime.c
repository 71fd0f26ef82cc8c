/*
 * Thread CPU-time clocks: pthread_getcpuclockid, a clock that counts one
 * thread's time only, timers on another thread's clock and on
 * CLOCK_THREAD_CPUTIME_ID that fire as that thread computes and stand
 * while it sleeps, the process clock counting them all; and a thread that
 * ended: its clock is EINVAL, a timer on it reads disarmed and cannot be
 * armed (ESRCH), nor can a new one be made on it (EINVAL).
 */
#define _GNU_SOURCE
#include <pthread.h>
#include "conformance.h"

#define SIG_BURNER SIGUSR1
#define SIG_SLEEPER SIGUSR2
#define SIG_SELF (SIGRTMIN + 1)

static volatile int stop, step;
static volatile int64_t burned;
static int self_timer_ok, self_timer_fired;

static void set_step(int n)
{
	__atomic_store_n(&step, n, __ATOMIC_SEQ_CST);
}

static void wait_step(int n)
{
	int64_t end = mono_ns() + 10 * NS_PER_S;

	while (__atomic_load_n(&step, __ATOMIC_SEQ_CST) < n && mono_ns() < end)
		sleep_ms(1);
}

/* Computes until told to stop. */
static void *burner(void *arg)
{
	(void)arg;
	set_step(1);
	while (!__atomic_load_n(&stop, __ATOMIC_SEQ_CST))
		burned += burn_cpu(CLOCK_THREAD_CPUTIME_ID, NS_PER_MS, NS_PER_S);
	return NULL;
}

/* Sleeps on a condition until told: no CPU time at all (a poll would take some). */
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open;

static void *sleeper(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&gate_lock);
	while (!gate_open)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	return NULL;
}

/* A CLOCK_THREAD_CPUTIME_ID timer made here counts this thread's time. */
static void *own_timer(void *arg)
{
	timer_t t;

	(void)arg;
	self_timer_ok = make_timer(CLOCK_THREAD_CPUTIME_ID, SIGEV_SIGNAL, SIG_SELF, 3, &t) == 0 &&
			arm_timer(t, 0, 30 * NS_PER_MS, 0) == 0;
	burn_cpu(CLOCK_THREAD_CPUTIME_ID, 60 * NS_PER_MS, 5 * NS_PER_S);
	self_timer_fired = wait_pending(SIG_SELF, 200) == 1;
	timer_delete(t);
	return NULL;
}

int main(void)
{
	pthread_t b, s;
	clockid_t cb, cs, mine;
	timer_t tb, ts, tmain;
	struct timespec res;
	int64_t b0, s0, m0, p0, b1, s1, m1, p1;
	siginfo_t si;

	block_signal(SIG_BURNER);
	block_signal(SIG_SLEEPER);
	block_signal(SIG_SELF);
	stop = 0;
	set_step(0);
	pthread_create(&b, NULL, burner, NULL);
	pthread_create(&s, NULL, sleeper, NULL);
	wait_step(1);
	ok(pthread_getcpuclockid(b, &cb) == 0 && pthread_getcpuclockid(s, &cs) == 0 &&
	       pthread_getcpuclockid(pthread_self(), &mine) == 0,
	   "pthread_getcpuclockid for three threads");
	ok(cb != cs && cb != mine && cs != mine, "three different clocks");
	ok(cb < 0 && cs < 0, "they are CPU clock ids (negative)");
	EXPECT(clock_getres(cb, &res), 0, "clock_getres on another thread's clock");
	why("res %ld ns", res.tv_nsec);
	ok(res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 10 * NS_PER_MS,
	   "resolution in (0, 10 ms]");

	EXPECT(make_timer(cb, SIGEV_SIGNAL, SIG_BURNER, 1, &tb), 0,
	       "a timer on the computing thread's clock");
	EXPECT(make_timer(cs, SIGEV_SIGNAL, SIG_SLEEPER, 2, &ts), 0,
	       "a timer on the sleeping thread's clock");
	EXPECT(make_timer(CLOCK_THREAD_CPUTIME_ID, SIGEV_SIGNAL, SIG_SELF, 4, &tmain), 0,
	       "a CLOCK_THREAD_CPUTIME_ID timer in the first thread, which sleeps");
	arm_timer(tb, 0, 50 * NS_PER_MS, 0);
	arm_timer(ts, 0, 30 * NS_PER_MS, 0);
	arm_timer(tmain, 0, 30 * NS_PER_MS, 0);
	b0 = now_ns(cb);
	s0 = now_ns(cs);
	m0 = now_ns(mine);
	p0 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	ok(take_signal(SIG_BURNER, &si, 5000) == SIG_BURNER && si.si_value.sival_int == 1,
	   "the computing thread's timer fires");
	sleep_ms(200);
	b1 = now_ns(cb);
	s1 = now_ns(cs);
	m1 = now_ns(mine);
	p1 = now_ns(CLOCK_PROCESS_CPUTIME_ID);
	why("burner %lld ns, sleeper %lld ns", (long long)(b1 - b0), (long long)(s1 - s0));
	ok(b1 - b0 >= 50 * NS_PER_MS && s1 - s0 < 20 * NS_PER_MS,
	   "the computing thread's clock ran >= 50 ms, the sleeping one's < 20 ms");
	why("first thread %lld ns", (long long)(m1 - m0));
	ok(m1 - m0 < 20 * NS_PER_MS, "the first thread's own clock stood nearly still (< 20 ms)");
	why("process %lld ns, burner %lld ns", (long long)(p1 - p0), (long long)(b1 - b0));
	ok(p1 - p0 >= b1 - b0 - NS_PER_MS, "the process clock counts the computing thread's time");
	ok(take_signal(SIG_SLEEPER, &si, 0) == -1, "the sleeping thread's timer has not fired");
	ok(take_signal(SIG_SELF, &si, 0) == -1,
	   "nor the first thread's CLOCK_THREAD_CPUTIME_ID timer");
	timer_delete(tmain);

	__atomic_store_n(&stop, 1, __ATOMIC_SEQ_CST);
	pthread_join(b, NULL);
	pthread_mutex_lock(&gate_lock);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
	pthread_join(s, NULL);

	pthread_create(&b, NULL, own_timer, NULL);
	pthread_join(b, NULL);
	ok(self_timer_ok && self_timer_fired,
	   "a CLOCK_THREAD_CPUTIME_ID timer made by a computing thread fires");

	EXPECT(clock_gettime(cs, &res), EINVAL,
	       "clock_gettime on the clock of a thread that ended");
	EXPECT(clock_getres(cs, &res), EINVAL, "clock_getres on it");
	{
		struct itimerspec v;

		EXPECT(timer_gettime(ts, &v), 0, "timer_gettime on a timer of that clock");
		ok(ts_ns(&v.it_value) == 0, "it reads disarmed");
		EXPECT(arm_timer(ts, 0, 10 * NS_PER_MS, 0), ESRCH, "timer_settime on it");
		EXPECT(timer_delete(ts), 0, "timer_delete on it");
		EXPECT(make_timer(cs, SIGEV_SIGNAL, SIG_SLEEPER, 2, &ts), EINVAL,
		       "timer_create on the clock of a thread that ended");
	}
	timer_delete(tb);
	return done();
}
