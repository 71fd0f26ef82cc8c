/*
 * One worker process of t_stress_timers.c: its share of the timers, armed
 * by its first thread and, in some workers, by two helper threads (raw
 * clone) each with timers aimed at itself (SIGEV_THREAD_ID) and on its own
 * CPU clock.  Half the workers take their signals with sigwaitinfo (the
 * first thread sleeps in it, helpers spin and poll with sigtimedwait), the
 * other half with handlers while every thread spins, so that the CPU
 * clocks run.  On SIG_ACCOUNT (init, once the clock setter has gone and
 * every other worker is stopped) each thread verifies its timers one by
 * one and closes each as soon as its count agrees with a read of it (see
 * settle), then the first thread judges every timer (stress_timers.h says
 * when an expiry is due) and sends init the figures.
 */
#ifndef TESTS_USER_STRESS_WORKER_H
#define TESTS_USER_STRESS_WORKER_H

#include "stress_timers.h"
#include <errno.h>
#include <sched.h>
#include <ucontext.h>
#include <stdlib.h>

#define HELPERS 2 /* threads beside the first, in the workers that have them */

static struct tmr *tm;
static int ntm;
static int handlers;		  /* signals taken by handlers, not sigwaitinfo */
static int single;		  /* one thread: timer_getoverrun can be compared */
static volatile int stop;	  /* SIG_ACCOUNT came */
static volatile int helpers_ready;
static int foreign, early, getoverrun_wrong; /* updated atomically */
static int helper_failed[HELPERS + 1];
static sigset_t proc_set, thr_set, run_set;

/* The window a clock read of t may span: P/16 for a periodic timer, at most 1 ms. */
static long long window(const struct tmr *t)
{
	long long w = t->period ? t->period / 16 : MS;

	return w < MS ? w : MS;
}

/*
 * A signal taken, by a handler or a wait, in any thread.  One timer has at
 * most one signal queued, but once it is taken the timer may expire and be
 * taken by another thread before this one has counted: atomics.
 */
static int record(const siginfo_t *si)
{
	int j = si->si_value.sival_int;
	struct tmr *t;
	long long counted;

	if (si->si_code != SI_TIMER || j < 0 || j >= ntm || tm[j].signo != si->si_signo ||
	    si->si_timerid != (int)tm[j].id) {
		__atomic_add_fetch(&foreign, 1, __ATOMIC_SEQ_CST);
		return -1;
	}
	t = &tm[j];
	counted = __atomic_add_fetch(&t->signals, 1, __ATOMIC_SEQ_CST);
	counted += __atomic_add_fetch(&t->overruns, (long long)si->si_overrun, __ATOMIC_SEQ_CST);
	if (si->si_overrun == -1)
		__atomic_add_fetch(&t->set_back, 1, __ATOMIC_SEQ_CST);
	/* Never early: the last expiry counted has come on its clock (a clock
	 * the setter moves may have gone back since). */
	if (!kinds[t->kind].stepped &&
	    now_on(kinds[t->kind].read) < t->s_lo + (counted - 1) * t->period)
		__atomic_add_fetch(&early, 1, __ATOMIC_SEQ_CST);
	return j;
}

/*
 * Once told to stop, a thread leaves the handlers with the timer signals
 * blocked (the mask rt_sigreturn restores): a worker that cannot keep up
 * would otherwise go from one handler to the next and never see `stop`.
 */
static void leave_blocked(void *uc)
{
	for (int s = SIG_PROC0; s < SIG_THR0 + 2; s++)
		sigaddset(&((ucontext_t *)uc)->uc_sigmask, s);
}

static void on_timer(int signo, siginfo_t *si, void *uc)
{
	(void)signo;
	(void)record(si);
	if (stop)
		leave_blocked(uc);
}

static struct sigaction park_action; /* SIG_PARK's handler, to put back */

static void on_account(int signo, siginfo_t *si, void *uc)
{
	(void)signo;
	(void)si;
	sigaction(SIG_PARK, &park_action, NULL); /* first: see the worker's loop */
	stop = 1;
	leave_blocked(uc);
}

static void spin(void)
{
	for (volatile int i = 0; i < 20000; i++)
		;
}

/* Create and arm timer j for the calling thread (tid); 0 or -1. */
static int arm(int j, int tid)
{
	struct tmr *t = &tm[j];
	const struct kind *k = &kinds[t->kind];
	int to_thread = t->owner || k->clock == CLOCK_THREAD_CPUTIME_ID;
	long long value = t->s_lo; /* drawn by the first thread */
	struct sigevent ev;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = to_thread ? SIGEV_THREAD_ID : SIGEV_SIGNAL;
	/* SIG_PARK only for periodic timers: a one-shot's signal, ignored, is lost */
	ev.sigev_signo = t->signo = to_thread ? SIG_THR0 + j % 2 : SIG_PROC0 + j % (t->period ? 4 : 3);
	ev.sigev_value.sival_int = j;
	ev.sigev_notify_thread_id = tid;
	if (timer_create(real_clock(k->clock), &ev, &t->id))
		return -1;
	/* Signals are blocked until every timer is armed: re-arming until the
	 * window is short loses no count. */
	for (int tries = 0; tries < 100; tries++) {
		struct itimerspec its;
		long long a0 = now_on(k->read), a1;

		its.it_value = ns_ts(k->abs ? a0 + value : value);
		its.it_interval = ns_ts(t->period);
		if (timer_settime(t->id, k->abs ? TIMER_ABSTIME : 0, &its, NULL))
			return -1;
		a1 = now_on(k->read);
		if (k->abs) {
			t->s_lo = t->s_hi = a0 + value;
			return 0;
		}
		if (a1 >= a0 && a1 - a0 <= window(t)) {
			t->s_lo = a0 + value;
			t->s_hi = a1 + value;
			return 0;
		}
	}
	return -1;
}

/*
 * Read t: its clock, timer_gettime, its clock.  1 if the read stands, 0
 * if it must be made again: the reads too far apart, or the expiry passed
 * and its interrupt not yet run (left 1 ns, what an armed timer shows then).
 */
static int read_timer(struct tmr *t)
{
	clockid_t c = kinds[t->kind].read;
	struct itimerspec cur;
	long long t0 = now_on(c), t1, left;

	if (timer_gettime(t->id, &cur)) {
		t->left = -1;
		return 1;
	}
	t1 = now_on(c);
	left = ts_ns(&cur.it_value);
	if (t1 < t0 || t1 - t0 > window(t) || left == 1)
		return 0;
	if (ts_ns(&cur.it_interval) != t->period)
		left = -2;
	t->t0 = t0;
	t->left = left;
	t->t1 = t1;
	return 1;
}

/*
 * Whether t's count agrees with its last read (stress_timers.h): 1 if so,
 * else 0 and a line why.  With no signal of t pending at the read this is
 * the verdict; with one pending the read shows the expiry after it, and
 * the count catches up when the signal is taken.
 */
static int agrees(const struct tmr *t, char *why, size_t size)
{
	long long counted = t->signals + t->overruns;
	/* N - S, from the reads: [t0 + left - s_hi, t1 + left - s_lo] */
	long long lo = t->t0 + t->left - t->s_hi, hi = t->t1 + t->left - t->s_lo;

	if (t->left < 0) {
		snprintf(why, size, "timer_gettime failed or interval changed (%lld)", t->left);
		return 0;
	}
	if (t->period) {
		if (counted < 0 || counted * t->period < lo || counted * t->period > hi) {
			snprintf(why, size, "counted %lld, next expiry %lld..%lld periods from S",
				 counted, lo / t->period, hi / t->period);
			return 0;
		}
		if (counted > 0 && (t->left < 1 || t->left > t->period)) {
			snprintf(why, size, "counted %lld, left %lld > period %lld", counted,
				 t->left, t->period);
			return 0;
		}
		return 1;
	}
	if (t->signals > 1 || t->overruns != 0) {
		snprintf(why, size, "one-shot: %d signals, overrun %lld", t->signals, t->overruns);
		return 0;
	}
	if (t->left == 0) {
		if (t->signals != 1 || t->s_lo > t->t1) {
			snprintf(why, size, "one-shot disarmed with %d signals, S - now %lld",
				 t->signals, t->s_lo - t->t1);
			return 0;
		}
		return 1;
	}
	if (t->signals != 0 || lo > 0 || hi < 0) {
		snprintf(why, size, "one-shot armed with %d signals, next - S %lld..%lld",
			 t->signals, lo, hi);
		return 0;
	}
	return 1;
}

enum { TODO, SUSPECT, DONE };

/*
 * Read timer j and close it if its count agrees: from then on it expires
 * no more (a third of the workers disarm, leaving the timers to exit; the
 * others delete them), so what was verified is the end.  A read that
 * disagrees makes j a suspect, remembering its signals.
 */
static void try_close(int j, int disarm)
{
	struct tmr *t = &tm[j];
	char why[120];

	if (!read_timer(t)) {
		t->state = TODO;
		return;
	}
	if (!agrees(t, why, sizeof(why))) {
		t->state = SUSPECT;
		t->suspect_signals = t->signals;
		return;
	}
	if (disarm) {
		struct itimerspec zero;

		memset(&zero, 0, sizeof(zero));
		if (timer_settime(t->id, 0, &zero, NULL))
			t->left = -3;
	} else if (timer_delete(t->id)) {
		t->left = -3;
	}
	t->state = DONE;
}

/*
 * Verify and close every timer of `owner`, taking the signals this thread
 * may take (drain: all blocked).  A timer whose read disagrees had its
 * signal pending, or its count is wrong: when the signal is taken the
 * timer is read again at once, before its next expiry can come; a suspect
 * for which no signal came is wrong, and is closed as it stands.  Returns
 * the passes over the timers, -1 if some never read clean (left 1 ns:
 * expired, but not signalled, for good).
 */
static int settle(int owner, const sigset_t *drain, int disarm)
{
	struct timespec zero = {0, 0};
	siginfo_t si;
	int passes = 0;

	/* Helpers settle at once: each touches its own timers only. */
	for (int j = 0; j < ntm; j++)
		if (tm[j].owner == owner)
			tm[j].state = TODO;
	for (;;) {
		int todo = 0;

		for (int j = 0; j < ntm; j++)
			if (tm[j].owner == owner && tm[j].state == TODO)
				try_close(j, disarm);
		while (sigtimedwait(drain, &si, &zero) > 0) {
			int j = record(&si);

			if (j >= 0 && tm[j].owner == owner && tm[j].state != DONE)
				try_close(j, disarm);
		}
		for (int j = 0; j < ntm; j++) {
			struct tmr *t = &tm[j];

			if (t->owner != owner)
				continue;
			if (t->state == SUSPECT && t->signals == t->suspect_signals) {
				t->wrong = 1; /* no signal was pending: the count is wrong */
				try_close(j, disarm);
				t->state = DONE;
			} else if (t->state == SUSPECT) {
				t->state = TODO;
			}
			todo += t->state == TODO;
		}
		passes++;
		if (!todo)
			return passes;
		if (passes >= 2000) {
			for (int j = 0; j < ntm; j++)
				if (tm[j].owner == owner && tm[j].state == TODO)
					tm[j].wrong = 2;
			return -1;
		}
	}
}

/* The figures of one worker. */
struct tally {
	long long periodic, signals, overruns, expiries, set_back, fired, pending, bad;
};

/* Judge j once settled: 0 if right, else a line why; its figures into y. */
static int judge(int j, struct tally *y, char *why, size_t size)
{
	struct tmr *t = &tm[j];

	y->signals += t->signals;
	y->overruns += t->overruns;
	y->set_back += t->set_back;
	if (t->period) {
		y->periodic++;
		y->expiries += t->signals + t->overruns;
	} else if (t->left == 0) {
		y->fired++;
	} else {
		y->pending++;
	}
	if (t->wrong == 2) {
		snprintf(why, size, "expired but never signalled (left 1 ns)");
		return 1;
	}
	if (t->left == -3) {
		snprintf(why, size, "could not be closed");
		return 1;
	}
	return !agrees(t, why, size);
}

/* A helper thread: arm its timers, take signals until told, settle them. */
static int helper(void *arg)
{
	int me = (int)(intptr_t)arg, tid = (int)gettid_(), failed = 0;
	struct timespec zero = {0, 0};
	sigset_t mine = proc_set;
	siginfo_t si;

	for (int j = 0; j < ntm; j++)
		if (tm[j].owner == me && arm(j, tid))
			failed++;
	for (int s = 0; s < 2; s++)
		sigaddset(&mine, SIG_THR0 + s);
	/* unblocked before the first thread may ignore SIG_PARK: see worker() */
	if (handlers)
		sigprocmask(SIG_UNBLOCK, &mine, NULL);
	__atomic_add_fetch(&helpers_ready, 1, __ATOMIC_SEQ_CST);
	while (!stop) {
		spin();
		while (!handlers && !stop && sigtimedwait(&mine, &si, &zero) > 0)
			(void)record(&si);
	}
	sigprocmask(SIG_BLOCK, &mine, NULL);
	if (settle(me, &thr_set, 0) < 0)
		failed++;
	helper_failed[me] = failed;
	return 0;
}

/* Draw the kind, period and first expiry of every timer. */
static void draw(uint32_t *rng, int nhelpers)
{
	for (int j = 0; j < ntm; j++) {
		struct tmr *t = &tm[j];
		const struct kind *k = &kinds[rnd(rng) % NKINDS];
		long long lo = 5 * MS, hi = NS, first = 1500 * MS, once = 3 * NS;

		t->kind = (short)(k - kinds);
		t->owner = (short)(j % 8 < nhelpers ? j % 8 + 1 : 0);
		if (k->range == OWN_CPU) {
			lo = 2 * MS, hi = 50 * MS, first = 20 * MS, once = 60 * MS;
		} else if (k->range == INIT_CPU) {
			lo = 500 * US, hi = 10 * MS, first = 5 * MS, once = 20 * MS;
		}
		t->period = k->periodic ? rnd_period(rng, lo, hi) : 0;
		if (k->periodic)
			t->s_lo = rnd_range(rng, 100 * US, first);
		else if (k->range == WALL && rnd(rng) % 8 == 0)
			t->s_lo = 86400 * NS; /* a day: never comes */
		else
			t->s_lo = rnd_range(rng, 100 * US, once);
	}
}

/*
 * Worker w with n timers: returns its exit status (0: every timer right).
 * Blocked on entry (from init): SIG_MSG, SIGCHLD and SIG_ACCOUNT.
 */
static int worker(int w, int n, uint32_t seed)
{
	int nhelpers = w % 4 >= 2 ? HELPERS : 0, me = (int)gettid_(), failed = 0, rounds;
	pid_t init = getppid();
	uint32_t rng = seed * 2654435761u + (uint32_t)w * 40503u + 1;
	struct sigaction sa, ignore;
	struct tally y;
	siginfo_t si;
	int printed = 0, toggles = 0;

	init_cpu_clock = MAKE_PROCESS_CPUCLOCK(init, CPUCLOCK_SCHED);
	handlers = w % 2;
	single = !handlers && !nhelpers;
	ntm = n;
	tm = calloc((size_t)n, sizeof(*tm));
	if (!tm)
		return 2;
	sigemptyset(&proc_set);
	sigemptyset(&thr_set);
	for (int s = 0; s < 4; s++)
		sigaddset(&proc_set, SIG_PROC0 + s);
	for (int s = 0; s < 2; s++)
		sigaddset(&thr_set, SIG_THR0 + s);
	run_set = proc_set;
	for (int s = 0; s < 2; s++)
		sigaddset(&run_set, SIG_THR0 + s);
	sigprocmask(SIG_BLOCK, &run_set, NULL);
	memset(&sa, 0, sizeof(sa));
	if (handlers) {
		sa.sa_sigaction = on_timer;
		sa.sa_flags = SA_SIGINFO | SA_RESTART;
		/* Handlers do not nest, but SIG_PARK's: see the worker's loop. */
		sa.sa_mask = run_set;
		sigaddset(&sa.sa_mask, SIG_ACCOUNT);
		sigdelset(&sa.sa_mask, SIG_PARK);
		for (int s = SIG_PROC0; s < SIG_THR0 + 2; s++) {
			/* SIG_PARK not blocked in its own handler: see below */
			sa.sa_flags = SA_SIGINFO | SA_RESTART | (s == SIG_PARK ? SA_NODEFER : 0);
			sigaction(s, &sa, NULL);
		}
		sa.sa_flags = SA_SIGINFO | SA_RESTART;
		sa.sa_sigaction = on_account;
		sigaction(SIG_ACCOUNT, &sa, NULL);
	}
	draw(&rng, nhelpers);
	for (int j = 0; j < n; j++)
		if (tm[j].owner == 0 && arm(j, me))
			failed++;
	for (int h = 0; h < nhelpers; h++)
		if (start(h, helper, (void *)(intptr_t)(h + 1)) <= 0)
			return 3;
	while (helpers_ready < nhelpers)
		sched_yield();
	send_figure(init, F_READY, 1);

	sigaddset(&run_set, SIG_ACCOUNT);
	memset(&ignore, 0, sizeof(ignore));
	ignore.sa_handler = SIG_IGN;
	sigaction(SIG_PARK, NULL, &park_action);
	if (handlers) {
		sigset_t account;

		/*
		 * SIG_PARK ignored every other time round: its periodic timers
		 * are parked (Linux 6.13) and come back with their overruns.
		 * Their count stays exact as long as no SIG_PARK signal is
		 * queued while ignored, which happens if the thread it is
		 * sent through blocks it then: it is queued, and taken and
		 * dropped as ignored, the expiry lost (Linux's too: its
		 * get_signal drops it after the re-arm).  A process's timer
		 * signal goes through whichever of its threads runs at the
		 * expiry (Linux 6.3+, signal_timer_target), a helper as well
		 * as this thread.  So no thread blocks it while it may be
		 * ignored: not the handlers' masks, not SIG_PARK's own
		 * handler (SA_NODEFER: a helper in it while this thread
		 * ignored SIG_PARK lost one expiry, seeds 4, 7 and 17), not a
		 * helper before it is ready (it unblocks first), and not
		 * when told to stop.
		 */
		sigemptyset(&account);
		sigaddset(&account, SIG_ACCOUNT);
		sigprocmask(SIG_UNBLOCK, &run_set, NULL);
		while (!stop) {
			spin();
			sigprocmask(SIG_BLOCK, &account, NULL);
			if (!stop)
				sigaction(SIG_PARK, ++toggles % 2 ? &ignore : &park_action, NULL);
			sigprocmask(SIG_UNBLOCK, &account, NULL);
		}
		sigprocmask(SIG_BLOCK, &run_set, NULL);
	} else {
		unsigned taken = 0, toggled = 0;

		for (;;) {
			int s = sigwaitinfo(&run_set, &si), j;

			if (s == SIG_ACCOUNT)
				break;
			if (s <= 0)
				continue; /* EINTR: stopped and continued */
			j = record(&si);
			/* one thread takes them: the timer's last overrun is this one */
			if (single && j >= 0 && ++taken % 4 == 0 &&
			    timer_getoverrun(tm[j].id) != si.si_overrun)
				getoverrun_wrong++;
			/*
			 * SIG_PARK ignored every 64 signals, for the next 64:
			 * what is queued then is parked (blocked, it is queued
			 * again when sent, and taken here); SIG_DFL puts the
			 * parked ones back.
			 */
			if (++toggled % 64 == 0)
				sigaction(SIG_PARK, ++toggles % 2 ? &ignore : &park_action, NULL);
		}
		sigaction(SIG_PARK, &park_action, NULL);
		stop = 1;
	}
	for (int h = 0; h < nhelpers; h++)
		join(h);
	for (int h = 0; h < nhelpers; h++)
		failed += helper_failed[h + 1];
	sigdelset(&run_set, SIG_ACCOUNT);
	/* A third of the workers leave their timers (disarmed) to exit. */
	rounds = settle(0, &run_set, w % 3 == 2);

	memset(&y, 0, sizeof(y));
	for (int j = 0; j < n; j++) {
		char why[120];

		if (!judge(j, &y, why, sizeof(why)))
			continue;
		y.bad++;
		if (printed++ < 8)
			say("# worker %d timer %d (%s, %s, period %lld ns): %s", w, j,
			    kinds[tm[j].kind].name, tm[j].owner ? "helper" : "first thread",
			    tm[j].period, why);
	}
	if (foreign || early || getoverrun_wrong || failed || rounds < 0)
		say("# worker %d: %d foreign signals, %d early, %d getoverrun wrong, %d calls "
		    "failed, settle %d",
		    w, foreign, early, getoverrun_wrong, failed, rounds);
	y.bad += foreign + early + getoverrun_wrong + failed + (rounds < 0);
	send_figure(init, F_TIMERS, n);
	send_figure(init, F_PERIODIC, y.periodic);
	send_figure(init, F_SIGNALS, y.signals);
	send_figure(init, F_OVERRUNS, y.overruns);
	send_figure(init, F_EXPIRIES, y.expiries);
	send_figure(init, F_SET_BACK, y.set_back);
	send_figure(init, F_FIRED, y.fired);
	send_figure(init, F_PENDING, y.pending);
	send_figure(init, F_ROUNDS, rounds);
	send_figure(init, F_IGNORED, toggles / 2);
	send_figure(init, F_BAD, y.bad);
	send_figure(init, F_DONE, 1);
	return y.bad ? 1 : 0;
}

#endif
