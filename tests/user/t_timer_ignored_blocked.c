/*
 * A process's timer signal goes through the thread that runs at the
 * expiry (Linux 6.3+: signal_timer_target), and whether it is ignored is
 * judged there: blocked signals are never ignored at sending.  So with
 * the action SIG_IGN, an expiry while a thread that blocks the signal
 * runs queues it (and a thread that later takes it unblocked drops it as
 * ignored: that expiry is lost, Linux's too), while an expiry while a
 * thread that does not block it runs parks the periodic timer, whose
 * signal comes back when a handler is installed (Linux 6.13).  This is
 * what made t_stress_timers lose one expiry on some seeds: a helper
 * inside its own SIG_PARK handler (the signal blocked by the delivery)
 * when the first thread set SIG_IGN.  The expiries here come on the
 * helper's own CPU clock (a timer on it, signalled to the process), so
 * the helper is the thread running at each, by construction.
 */
/* expect: status=0 */
/* qemu: -icount shift=3,sleep=off */
/* expect-line: tick386: posix timers: now 0, peak 1, */
#define RAWTHREAD_MAX 1
#include "../tap.h"
#include "rawthread.h"
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#define SIG (SIGRTMIN + 1)
#define MS 1000000ll

static volatile int helper_blocks, armed, pending_in_helper, helper_spun_ms;
static volatile int handled, handled_overrun;

static long long thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000 * MS + ts.tv_nsec;
}

/* Block SIG or not, once the timer is armed run 5 ms of CPU (its first
 * expiry is 1 ms away), and say whether SIG is pending then. */
static int helper(void *arg)
{
	sigset_t set, pending;
	long long t0;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIG);
	sigprocmask(helper_blocks ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
	while (!armed)
		sched_yield();
	t0 = thread_cpu_ns();
	while (thread_cpu_ns() < t0 + 5 * MS)
		;
	helper_spun_ms = (int)((thread_cpu_ns() - t0) / MS);
	sigpending(&pending);
	pending_in_helper = sigismember(&pending, SIG);
	return 0;
}

static void on_sig(int signo, siginfo_t *si, void *uc)
{
	(void)signo;
	(void)uc;
	handled++;
	handled_overrun = si->si_overrun;
}

/* One round: a periodic timer on a new helper's CPU clock, SIG ignored. */
static int round_with(int blocks, timer_t *timer)
{
	struct itimerspec its = {{0, 1 * MS}, {0, 2 * MS}};
	struct sigevent ev;
	long tid;

	helper_blocks = blocks;
	armed = 0;
	signal(SIG, SIG_IGN);
	/* the helper starts blocked; it sets its own mask before it spins */
	tid = start(0, helper, NULL);
	if (tid <= 0)
		return -1;
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIG;
	if (timer_create(MAKE_THREAD_CPUCLOCK((int)tid, CPUCLOCK_SCHED), &ev, timer) ||
	    timer_settime(*timer, 0, &its, NULL))
		return -1;
	armed = 1;
	join(0);
	return 0;
}

int main(void)
{
	struct sigaction sa;
	sigset_t set, pending;
	timer_t timer;

	plan(6);
	sigemptyset(&set);
	sigaddset(&set, SIG);

	/* 1: the helper blocks SIG; this thread too while it runs (so that
	 * nobody takes the signal before the helper looks). */
	sigprocmask(SIG_BLOCK, &set, NULL);
	ok(round_with(1, &timer) == 0, "timer on the helper's CPU clock armed (blocking helper)");
	ok(pending_in_helper == 1, "ignored but blocked by the thread that ran: queued (%d ms)",
	   helper_spun_ms);
	sigprocmask(SIG_UNBLOCK, &set, NULL); /* taken here, ignored: dropped */
	sigpending(&pending);
	ok(!sigismember(&pending, SIG), "unblocked while ignored: dropped, no handler ran");
	timer_delete(timer);

	/* 2: the helper does not block SIG: the expiry parks the timer. */
	ok(round_with(0, &timer) == 0, "timer on the helper's CPU clock armed (helper not blocking)");
	ok(pending_in_helper == 0, "ignored and unblocked: parked, not pending (%d ms)",
	   helper_spun_ms);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_sig;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIG, &sa, NULL); /* the parked signal queues again, taken here */
	ok(handled == 1 && handled_overrun >= 0,
	   "a handler installed: the parked signal comes back once (%d, overrun %d)", handled,
	   handled_overrun);
	timer_delete(timer);
	return done_testing();
}
