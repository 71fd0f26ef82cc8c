/*
 * Timers belong to the process, not to the thread that made them: another
 * thread arms, reads, and deletes them (dropping a queued signal), reads
 * the same overrun; a timer outlives the thread that created it.  A timer
 * aimed at a thread (SIGEV_THREAD_ID) that then exits: Linux keeps the
 * timer, delivers its signals to nobody, and still lets it be read, armed
 * and deleted.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include "conformance.h"

#if defined(sigev_notify_thread_id)
#define SET_TID(ev, tid) ((ev).sigev_notify_thread_id = (tid))
#else
#define SET_TID(ev, tid) ((ev)._sigev_un._tid = (tid))
#endif

#define SIG SIGUSR1

static timer_t shared;
static volatile pid_t worker_tid;
static volatile int step;
static int results[8];

static void set_step(int n)
{
	__atomic_store_n(&step, n, __ATOMIC_SEQ_CST);
}

static void wait_step(int n)
{
	int64_t end = mono_ns() + 5 * NS_PER_S;

	while (__atomic_load_n(&step, __ATOMIC_SEQ_CST) < n && mono_ns() < end)
		sleep_ms(1);
}

static void *create_one(void *arg)
{
	(void)arg;
	results[0] = make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 11, &shared);
	return NULL;
}

static void *use_shared(void *arg)
{
	struct itimerspec v;

	(void)arg;
	results[1] = arm_timer(shared, 0, 10 * NS_PER_MS, 10 * NS_PER_MS);
	results[2] = timer_gettime(shared, &v);
	results[3] = v.it_interval.tv_nsec == 10 * NS_PER_MS;
	return NULL;
}

static void *read_overrun(void *arg)
{
	(void)arg;
	results[4] = timer_getoverrun(shared);
	return NULL;
}

static void *delete_shared(void *arg)
{
	(void)arg;
	results[5] = timer_delete(shared);
	return NULL;
}

static volatile int handled;

static void on_sig(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	handled++;
}

static void *exit_later(void *arg)
{
	(void)arg;
	worker_tid = gettid();
	unblock_signal(SIG);
	set_step(1);
	wait_step(2);
	return NULL;
}

int main(void)
{
	siginfo_t si;
	pthread_t t;
	timer_t other;
	int overrun;

	block_signal(SIG);
	pthread_create(&t, NULL, create_one, NULL);
	pthread_join(t, NULL);
	ok(results[0] == 0, "a thread creates a timer, then ends");
	EXPECT(make_timer(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIG, 22, &other), 0,
	       "the first thread creates another");
	ok(other != shared, "the two ids differ");
	pthread_create(&t, NULL, use_shared, NULL);
	pthread_join(t, NULL);
	ok(results[1] == 0 && results[2] == 0 && results[3],
	   "a third thread arms the first timer and reads it back");
	sleep_ms(100);
	ok(take_signal(SIG, &si, 2000) == SIG && si.si_code == SI_TIMER &&
	       si.si_value.sival_int == 11,
	   "its signal comes to the process, with its value");
	overrun = si.si_overrun;
	why("si_overrun %d", overrun);
	ok(overrun >= 3, "with an overrun (>= 3 after about 10 expiries)");
	pthread_create(&t, NULL, read_overrun, NULL);
	pthread_join(t, NULL);
	why("si_overrun %d, timer_getoverrun %d in another thread", overrun, results[4]);
	ok(results[4] == overrun, "another thread's timer_getoverrun reads the same overrun");
	EXPECT(timer_getoverrun(shared) == overrun ? 0 : -1, 0, "and so does the first");

	EXPECT(arm_timer(other, 0, 5 * NS_PER_MS, 0), 0, "arm the second timer, 5 ms");
	arm_timer(shared, 0, 0, 0);
	arm_timer(shared, 0, 5 * NS_PER_MS, 0);
	sleep_ms(50);
	ok(wait_pending(SIG, 100) == 1, "both have queued their signals");
	pthread_create(&t, NULL, delete_shared, NULL);
	pthread_join(t, NULL);
	ok(results[5] == 0, "another thread deletes the first timer");
	EXPECT(timer_gettime(shared, &(struct itimerspec){{0, 0}, {0, 0}}), EINVAL,
	       "the deleted id is invalid for this thread too");
	EXPECT(timer_delete(shared), EINVAL, "deleting it again");
	ok(take_signal(SIG, &si, 100) == SIG && si.si_value.sival_int == 22,
	   "the second timer's signal is still queued");
	ok(take_signal(SIG, &si, 0) == -1, "the deleted timer's was dropped");
	EXPECT(timer_delete(other), 0, "delete the second");

	/* A timer aimed at a thread that exits. */
	set_handler(SIG, on_sig, 0);
	set_step(0);
	pthread_create(&t, NULL, exit_later, NULL);
	wait_step(1);
	{
		struct sigevent ev;
		struct itimerspec v;

		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_THREAD_ID;
		ev.sigev_signo = SIG;
		SET_TID(ev, worker_tid);
		EXPECT(timer_create(CLOCK_MONOTONIC, &ev, &other), 0,
		       "SIGEV_THREAD_ID aimed at a live thread");
		EXPECT(arm_timer(other, 0, 10 * NS_PER_MS, 10 * NS_PER_MS), 0,
		       "arm it periodic, 10 ms");
		sleep_ms(100);
		ok(handled > 0, "its signals reach that thread's handler");
		set_step(2);
		pthread_join(t, NULL);
		handled = 0;
		unblock_signal(SIG);
		sleep_ms(100);
		ok(handled == 0 && is_pending(SIG) == 0,
		   "once the thread has ended, no signal reaches the process");
		EXPECT(timer_gettime(other, &v), 0, "timer_gettime on that timer");
		ok(ts_ns(&v.it_value) > 0 && ts_ns(&v.it_interval) == 10 * NS_PER_MS,
		   "it still reads armed, its interval kept");
		EXPECT(arm_timer(other, 0, 5 * NS_PER_MS, 0), 0, "timer_settime on it");
		sleep_ms(30);
		ok(handled == 0, "re-armed, it still signals nobody");
		EXPECT(timer_delete(other), 0, "timer_delete on it");
	}
	return done();
}
