/*
 * thread_cputimer_target: where a process-wide CPU-time timer's signal goes
 * (Linux 6.3 and later, the check "signal distribution" of Linux's
 * selftest timers/posix_timers.c): the thread whose CPU time made the
 * timer expire is running when it does, and the signal, aimed at the
 * process, is taken by that thread, not by the main thread sleeping in
 * pthread_join.
 *   - a worker computes with a CLOCK_PROCESS_CPUTIME_ID timer of 1 ms
 *     (SIGEV_SIGNAL, SIGALRM, period 1 ms) until 100 signals came: every
 *     one is handled in the worker;
 *   - the same with two workers computing in turn and the main thread
 *     sleeping in pthread_join: each signal is handled by a computing
 *     thread, never by the sleeper (whose own CPU time, when it runs,
 *     could fire it: the signals after the test are not counted);
 *   - a worker that blocks the signal while it computes: the signal goes
 *     to a thread that takes it (the main thread), not lost;
 *   - ITIMER_PROF's SIGPROF, the same way (Linux always did so for the
 *     CPU itimers).
 * Old kernels (before 6.3) woke the main thread: the lines fail there.
 *
 * The handler is installed with SA_NODEFER.  Without it the computing
 * thread blocks SIGALRM while it runs the handler, and an expiry then
 * must go to another thread, the main one (Linux's complete_signal, and
 * tick386's): Linux's selftest, with signal(), counts on that window
 * being missed.  Linux checks CPU-time timers at its ticks (every 1 to 4
 * ms) and rarely finds one inside a handler of a few microseconds;
 * tick386 expires them at the exact nanosecond of CPU time, so under
 * QEMU, where a handler lasts tens of microseconds, a few expiries in a
 * hundred fall inside it.  SA_NODEFER takes that window away and leaves
 * the rule itself to be checked on both.
 */
#define _GNU_SOURCE
#include "conformance.h"
#include <pthread.h>
#include <sys/time.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SIGNALS 100

static pid_t main_tid;
static volatile int count, wrong, in_main, done_flag;
static volatile pid_t computing[2];
static timer_t shared_timer;

static pid_t my_tid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

static void on_alarm(int sig)
{
	pid_t me = my_tid();

	(void)sig;
	if (done_flag)
		return; /* after the test: the main thread's own CPU time may fire it */
	if (me == main_tid)
		in_main++;
	else if (me != computing[0] && me != computing[1])
		wrong++;
	count++;
}

static timer_t process_timer(void)
{
	timer_t t;
	struct sigevent ev;
	struct itimerspec its = { { 0, 1000000 }, { 0, 1000000 } };

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGALRM;
	if (timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &t) != 0)
		return (timer_t)0;
	timer_settime(t, 0, &its, NULL);
	return t;
}

/* Computes until n signals came (or 5 s of CPU time, a bound). */
static void compute_until(int n)
{
	int64_t start = now_ns(CLOCK_THREAD_CPUTIME_ID);

	while (count < n && !done_flag && now_ns(CLOCK_THREAD_CPUTIME_ID) - start < 5 * NS_PER_S)
		;
}

static void *one_worker(void *arg)
{
	timer_t t;

	(void)arg;
	computing[0] = my_tid();
	sleep_ms(20); /* the main thread is asleep in pthread_join by then */
	t = process_timer();
	compute_until(SIGNALS);
	timer_delete(t);
	return NULL;
}

/* Two workers take turns: each computes ~20 signals' worth, then sleeps;
 * the first to see SIGNALS ends the test (the main thread, joining,
 * computes nothing until then). */
static void *turn_worker(void *arg)
{
	int me = (int)(intptr_t)arg;

	computing[me] = my_tid();
	if (me == 0) {
		while (computing[1] <= 0)
			sleep_ms(1);
		shared_timer = process_timer(); /* both ids known: every signal is accounted */
	}
	while (!done_flag && count < SIGNALS) {
		int target = count + 20;

		compute_until(target);
		sleep_ms(3);
	}
	done_flag = 1;
	return NULL;
}

static void *blocking_worker(void *arg)
{
	sigset_t s;
	timer_t t;

	(void)arg;
	sigemptyset(&s);
	sigaddset(&s, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	computing[0] = my_tid();
	t = process_timer();
	compute_until(10);
	timer_delete(t);
	return NULL;
}

static void *prof_worker(void *arg)
{
	struct itimerval it = { { 0, 1000 }, { 0, 1000 } }, off = { { 0, 0 }, { 0, 0 } };

	(void)arg;
	computing[0] = my_tid();
	sleep_ms(20);
	setitimer(ITIMER_PROF, &it, NULL);
	compute_until(SIGNALS / 5);
	setitimer(ITIMER_PROF, &off, NULL);
	return NULL;
}

int main(void)
{
	pthread_t a, b;

	struct sigaction sa;

	main_tid = my_tid();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGALRM, &sa, NULL);
	sigaction(SIGPROF, &sa, NULL);

	count = wrong = in_main = 0;
	pthread_create(&a, NULL, one_worker, NULL);
	pthread_join(a, NULL);
	why("%d signals, %d in the main thread, %d elsewhere", count, in_main, wrong);
	ok(count >= SIGNALS && in_main == 0 && wrong == 0,
	   "a process CPU-time timer signals the thread that computes, not the main thread");

	count = wrong = in_main = 0;
	computing[0] = computing[1] = -1;
	done_flag = 0;
	pthread_create(&a, NULL, turn_worker, (void *)0);
	pthread_create(&b, NULL, turn_worker, (void *)1);
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	timer_delete(shared_timer);
	why("%d signals, %d in the main thread, %d elsewhere", count, in_main, wrong);
	ok(count >= SIGNALS && in_main == 0 && wrong == 0,
	   "two computing threads: each signal goes to one of them, never the sleeper");

	count = wrong = in_main = 0;
	computing[0] = computing[1] = -1;
	done_flag = 0;
	pthread_create(&a, NULL, blocking_worker, NULL);
	{
		int64_t start = mono_ns();

		/* the main thread must be able to take them: it waits awake */
		while (count < 10 && mono_ns() - start < 20 * NS_PER_S)
			sleep_ms(5);
	}
	done_flag = 1;
	pthread_join(a, NULL);
	why("%d signals, %d in the main thread", count, in_main);
	ok(count >= 10 && in_main == count, "a computing thread that blocks it: the main thread takes it");

	count = wrong = in_main = 0;
	computing[0] = computing[1] = -1;
	done_flag = 0;
	pthread_create(&a, NULL, prof_worker, NULL);
	pthread_join(a, NULL);
	why("%d signals, %d in the main thread, %d elsewhere", count, in_main, wrong);
	ok(count >= SIGNALS / 5 && in_main == 0 && wrong == 0,
	   "ITIMER_PROF: SIGPROF goes to the thread that computes");
	return done();
}
