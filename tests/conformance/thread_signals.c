/*
 * Signals and threads: a process-directed signal is taken by sigwaitinfo
 * or sigwait in the one thread that waits for it, and goes to a thread that does not
 * block it when the others do; pthread_kill aims at one thread (pending
 * for that thread only); SIGEV_THREAD_ID aims a timer at another
 * thread of the process (SI_TIMER there, never pending for the process),
 * and a tid outside the process (another process, a thread that ended) is
 * EINVAL.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/wait.h>
#include "conformance.h"

#if defined(sigev_notify_thread_id)
#define SET_TID(ev, tid) ((ev).sigev_notify_thread_id = (tid))
#else
#define SET_TID(ev, tid) ((ev)._sigev_un._tid = (tid))
#endif

static volatile pid_t worker_tid, handler_tid;
static volatile int step;
static siginfo_t got;
static int got_sig, pending_in_worker;

static void wait_step(int n)
{
	int64_t end = mono_ns() + 5 * NS_PER_S;

	while (__atomic_load_n(&step, __ATOMIC_SEQ_CST) < n && mono_ns() < end)
		sleep_ms(1);
}

static void set_step(int n)
{
	__atomic_store_n(&step, n, __ATOMIC_SEQ_CST);
}

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	handler_tid = gettid();
}

/* Waits in sigwaitinfo for the signal given, with everything else as it was. */
static void *waiter(void *arg)
{
	int sig = (int)(intptr_t)arg;
	sigset_t set;

	worker_tid = gettid();
	sigemptyset(&set);
	sigaddset(&set, sig);
	set_step(1);
	wait_step(2);
	pending_in_worker = is_pending(sig);
	memset(&got, 0, sizeof(got));
	got_sig = sigwaitinfo(&set, &got);
	return NULL;
}

static int sigwait_got = -1;

/* Waits in sigwait for SIGUSR2. */
static void *sigwaiter(void *arg)
{
	sigset_t set;
	int sig = 0;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	set_step(1);
	sigwait_got = sigwait(&set, &sig) == 0 ? sig : -1;
	return NULL;
}

/* Runs with SIGUSR1 unblocked and waits in pause for its handler. */
static void *taker(void *arg)
{
	(void)arg;
	worker_tid = gettid();
	unblock_signal(SIGUSR1);
	set_step(1);
	pause();
	return NULL;
}

static int make_tid_timer(int tid, int sig, int value, timer_t *t)
{
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = sig;
	ev.sigev_value.sival_int = value;
	SET_TID(ev, tid);
	return timer_create(CLOCK_MONOTONIC, &ev, t);
}

static void *nothing(void *arg)
{
	worker_tid = gettid();
	return arg;
}

int main(void)
{
	pthread_t t;
	timer_t tm;
	pid_t child, dead_tid;

	/* Every thread blocks SIGUSR1 and SIGUSR2 unless it says otherwise. */
	block_signal(SIGUSR1);
	block_signal(SIGUSR2);
	set_handler(SIGUSR1, on_usr1, 0);

	set_step(0);
	pthread_create(&t, NULL, waiter, (void *)(intptr_t)SIGUSR2);
	wait_step(1);
	set_step(2);
	sleep_ms(20);
	EXPECT(sigqueue(getpid(), SIGUSR2, (union sigval){.sival_int = 31}), 0,
	       "sigqueue(SIGUSR2) to the process while one thread waits for it");
	pthread_join(t, NULL);
	ok(got_sig == SIGUSR2 && got.si_code == SI_QUEUE && got.si_value.sival_int == 31,
	   "that thread's sigwaitinfo takes it, with its value");
	ok(is_pending(SIGUSR2) == 0, "nothing is left pending for the process");

	set_step(0);
	pthread_create(&t, NULL, sigwaiter, NULL);
	wait_step(1);
	sleep_ms(20);
	EXPECT(kill(getpid(), SIGUSR2), 0,
	       "kill(SIGUSR2) to the process while a thread is in sigwait");
	pthread_join(t, NULL);
	ok(sigwait_got == SIGUSR2, "that thread's sigwait takes it");

	set_step(0);
	handler_tid = 0;
	pthread_create(&t, NULL, taker, NULL);
	wait_step(1);
	sleep_ms(20);
	EXPECT(kill(getpid(), SIGUSR1), 0, "kill(SIGUSR1) to the process");
	pthread_join(t, NULL);
	ok(handler_tid == worker_tid, "the handler runs in the one thread that does not block it");
	ok(is_pending(SIGUSR1) == 0, "and it is not pending for the others");

	set_step(0);
	pthread_create(&t, NULL, waiter, (void *)(intptr_t)SIGUSR1);
	wait_step(1);
	ok(pthread_kill(t, SIGUSR1) == 0, "pthread_kill(SIGUSR1) to a thread that blocks it -> 0");
	ok(is_pending(SIGUSR1) == 0, "not pending for the sender");
	set_step(2);
	pthread_join(t, NULL);
	ok(pending_in_worker == 1, "pending for the target thread");
	why("sig %d code %d pid %d", got_sig, got.si_code, (int)got.si_pid);
	ok(got_sig == SIGUSR1 && got.si_code == SI_USER && got.si_pid == getpid(),
	   "which takes it: from this process, SI_TKILL shown as SI_USER (glibc's sigwaitinfo)");

	set_step(0);
	pthread_create(&t, NULL, waiter, (void *)(intptr_t)SIGUSR1);
	wait_step(1);
	EXPECT(make_tid_timer(worker_tid, SIGUSR1, 55, &tm), 0,
	       "timer_create SIGEV_THREAD_ID aimed at another thread");
	EXPECT(arm_timer(tm, 0, 10 * NS_PER_MS, 0), 0, "arm it, 10 ms");
	sleep_ms(50);
	ok(is_pending(SIGUSR1) == 0, "its signal is not pending for the creating thread");
	set_step(2);
	pthread_join(t, NULL);
	ok(pending_in_worker == 1, "it is pending for the target");
	ok(got_sig == SIGUSR1 && got.si_code == SI_TIMER && got.si_value.sival_int == 55,
	   "which takes it: SI_TIMER, with the timer's value");
	EXPECT(timer_delete(tm), 0, "timer_delete");

	pthread_create(&t, NULL, nothing, NULL);
	pthread_join(t, NULL);
	dead_tid = worker_tid;
	EXPECT(make_tid_timer(dead_tid, SIGUSR1, 1, &tm), EINVAL,
	       "SIGEV_THREAD_ID to the tid of a thread that ended");
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	EXPECT(make_tid_timer(child, SIGUSR1, 1, &tm), EINVAL,
	       "SIGEV_THREAD_ID to another process");
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	return done();
}
