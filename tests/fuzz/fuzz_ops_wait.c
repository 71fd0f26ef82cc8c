/*
 * The calls that wait: nanosleep, clock_nanosleep, sigtimedwait/sigwaitinfo,
 * sigsuspend/pause, and the step's closing sleep (the advance).  The model
 * says beforehand how each ends; a wait whose end is not exact (two
 * wake-ups at one half point) is shortened or not made, and a wait with no
 * end of its own is only made when the model sees one coming, a guard
 * timer behind it.
 */
#include "fuzz.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void fuzz_set_text(char *buf, size_t n, unsigned bits);
const char *fuzz_clock_name(clockid_t c);

#define SENTINEL 0x5a5a5a5a

/* rem of a relative sleep from grid g0 for m Q, ended at half point h. */
static const char *rem_text(const struct timespec *rem, int on_grid)
{
	if (rem->tv_sec == SENTINEL && rem->tv_nsec == SENTINEL)
		return "untouched";
	return fmt_left(ns_of(rem), on_grid, 0);
}

/* Make the wait w, shortened while its end is not exact; 0 if it cannot be. */
static int plan_wait(struct wait_spec *w, struct wait_result *r, int need_end)
{
	for (;;) {
		*r = model_wait(w, 0);
		if (!r->ambiguous && (!need_end || r->outcome != WR_NEVER))
			return 1;
		if (w->until >= FAR || w->until <= M.g + 1)
			return 0;
		w->until--;
	}
}

static void show_sleep(const char *call, const char *args, int ret, int err,
		       const struct wait_result *r, const struct timespec *rem, int rem_ok,
		       int expect_err)
{
	char remtext[48] = "";

	if (err == EINTR && rem_ok)
		snprintf(remtext, sizeof(remtext), " rem %s", rem_text(rem, 1));
	else if (rem_ok && !(rem->tv_sec == SENTINEL && rem->tv_nsec == SENTINEL))
		snprintf(remtext, sizeof(remtext), " rem written");
	say("%d.%d %s %s -> %s%s", episode, op_no, call, args, fmt_ret(ret, err), remtext);
	if (expect_err) {
		if (err != expect_err)
			comment("M %s: model %s", call, errno_name(expect_err));
	} else if ((r->outcome == WR_EINTR) != (err == EINTR) || (r->outcome == WR_TIMEOUT && err))
		comment("M %s: model outcome %d at %lld", call, r->outcome, r->at);
}

int op_nanosleep(void)
{
	struct timespec req, rem, *reqp = &req, *remp = chance(80) ? &rem : NULL;
	struct wait_spec w = {W_SLEEP, 0, 0, 0, -1};
	struct wait_result r;
	int m = 1 + (int)rnd(3), k = (int)rnd(100), ret, err, expect_err = 0, waits = 1;
	long long g0 = M.g;
	char args[48];

	memset(&req, 0, sizeof(req));
	if (k < 80) {
		w.until = M.g + m;
		if (!plan_wait(&w, &r, 0))
			return 0;
		m = (int)(w.until - M.g);
		req = ts_of(m * Q_NS);
		snprintf(args, sizeof(args), "%dQ", m);
	} else if (k < 86) {
		waits = 0;
		snprintf(args, sizeof(args), "0");
	} else if (k < 92) {
		req.tv_nsec = 1000000000L;
		expect_err = EINVAL;
		waits = 0;
		snprintf(args, sizeof(args), "nsec=1e9");
	} else if (k < 95) {
		req.tv_sec = -1;
		expect_err = EINVAL;
		waits = 0;
		snprintf(args, sizeof(args), "sec=-1");
	} else {
		reqp = chance(50) ? NULL : bad_pointer();
		expect_err = EFAULT;
		waits = 0;
		snprintf(args, sizeof(args), "%s", reqp ? "badptr" : "NULL");
	}
	if (waits && chance(5))
		remp = bad_pointer();
	rem.tv_sec = SENTINEL;
	rem.tv_nsec = SENTINEL;
	events_begin();
	if (waits)
		r = model_wait(&w, 1);
	else
		memset(&r, 0, sizeof(r));
	if (waits && remp && remp != &rem && r.outcome == WR_EINTR)
		expect_err = EFAULT; /* Linux: interrupted, then rem cannot be written */
	if (!op_go())
		return 0;
	errno = 0;
	ret = nanosleep(reqp, remp);
	err = ret < 0 ? errno : 0;
	settle(1);
	if (remp && remp != &rem)
		strcat(args, " rem=badptr");
	show_sleep("nanosleep", args, ret, err, &r, &rem, remp == &rem, expect_err);
	if (err == EINTR && remp == &rem && r.outcome == WR_EINTR) {
		char want[32];

		snprintf(want, sizeof(want), "%s", fmt_thirds(3 * (g0 + m) - r.at));
		if (strcmp(want, rem_text(&rem, 1)))
			comment("M nanosleep: model rem %s", want);
	}
	events_end(1);
	return 1;
}

int op_clock_nanosleep(void)
{
	static const clockid_t clocks[] = {CLOCK_MONOTONIC, CLOCK_MONOTONIC, CLOCK_REALTIME,
					   CLOCK_REALTIME,  CLOCK_BOOTTIME,  CLOCK_TAI};
	struct timespec req, rem, *reqp = &req, *remp = chance(80) ? &rem : NULL;
	struct wait_spec w = {W_SLEEP, 0, 0, 0, -1};
	struct wait_result r;
	clockid_t clock = clocks[rnd(6)];
	int k = (int)rnd(100), m = 1 + (int)rnd(3), flags = 0, waits = 0, expect_err = 0;
	int frame_real = clock == CLOCK_REALTIME || clock == CLOCK_TAI, ret;
	long long g0 = M.g;
	char args[80], what[32];

	memset(&req, 0, sizeof(req));
	memset(&r, 0, sizeof(r));
	if (k < 40) {
		w.until = M.g + m;
		if (!plan_wait(&w, &r, 0))
			return 0;
		m = (int)(w.until - M.g);
		req = ts_of(m * Q_NS);
		waits = 1;
		snprintf(what, sizeof(what), "%dQ", m);
	} else if (k < 70) {
		long long at;

		w.until = M.g + m;
		if (!plan_wait(&w, &r, 0))
			return 0;
		m = (int)(w.until - M.g);
		flags = TIMER_ABSTIME;
		at = (frame_real ? M.g + M.r_off : M.g) + m;
		req = ts_of(frame_real ? R0_SEC * 1000000000LL + at * Q_NS +
					     (clock == CLOCK_TAI ? tai_off_ns : 0)
				       : T0 + at * Q_NS);
		waits = 1;
		snprintf(what, sizeof(what), "at +%d", m);
	} else if (k < 76) {
		flags = TIMER_ABSTIME;
		/* a point of the grid 5 Q ago: the wall clock may have been set far */
		req = ts_of(frame_real ? R0_SEC * 1000000000LL + (M.g + M.r_off - 5) * Q_NS +
					     (clock == CLOCK_TAI ? tai_off_ns : 0)
				       : T0 + (M.g - 5) * Q_NS);
		snprintf(what, sizeof(what), "past");
	} else if (k < 80) {
		clock = CLOCK_PROCESS_CPUTIME_ID;
		flags = TIMER_ABSTIME;
		req.tv_nsec = 1;
		snprintf(what, sizeof(what), "1ns (past)");
	} else if (k < 83) {
		clock = CLOCK_THREAD_CPUTIME_ID;
		req = ts_of(Q_NS);
		expect_err = EINVAL; /* the libc's answer, as glibc's */
		snprintf(what, sizeof(what), "1Q");
	} else if (k < 88) {
		static const clockid_t bad[] = {99, CLOCK_MONOTONIC_RAW, CLOCK_REALTIME_COARSE, -1};
		static const int errs[] = {EINVAL, EOPNOTSUPP, EOPNOTSUPP, EINVAL};
		int b = (int)rnd(4);

		clock = bad[b];
		expect_err = errs[b];
		req = ts_of(Q_NS);
		snprintf(what, sizeof(what), "1Q");
	} else if (k < 94) {
		req.tv_nsec = chance(50) ? 1000000000L : -1;
		expect_err = EINVAL;
		snprintf(what, sizeof(what), "nsec=%ld", req.tv_nsec);
	} else if (k < 96) {
		req.tv_sec = -1;
		flags = chance(50) ? TIMER_ABSTIME : 0;
		expect_err = EINVAL;
		snprintf(what, sizeof(what), "sec=-1");
	} else {
		reqp = chance(50) ? NULL : bad_pointer();
		expect_err = EFAULT;
		snprintf(what, sizeof(what), "%s", reqp ? "badptr" : "NULL");
	}
	if (chance(8))
		flags |= chance(50) ? 2 : 0x100; /* ignored bits */
	if (waits && chance(5))
		remp = bad_pointer();
	rem.tv_sec = SENTINEL;
	rem.tv_nsec = SENTINEL;
	events_begin();
	if (waits)
		r = model_wait(&w, 1);
	if (waits && remp && remp != &rem && r.outcome == WR_EINTR && !(flags & TIMER_ABSTIME))
		expect_err = EFAULT;
	if (!op_go())
		return 0;
	ret = clock_nanosleep(clock, flags, reqp, remp); /* returns the error number */
	settle(1);
	snprintf(args, sizeof(args), "%s %s%s%s%s", fuzz_clock_name(clock), what,
		 (flags & TIMER_ABSTIME) && what[0] != 'a' && what[0] != 'p' ? " abs" : "",
		 flags & ~TIMER_ABSTIME ? " +flags" : "",
		 remp && remp != &rem ? " rem=badptr" : "");
	show_sleep("clock_nanosleep", args, ret ? -1 : 0, ret, &r, &rem, remp == &rem, expect_err);
	if (ret == EINTR && remp == &rem && !(flags & TIMER_ABSTIME) && r.outcome == WR_EINTR) {
		char want[32];

		snprintf(want, sizeof(want), "%s", fmt_thirds(3 * (g0 + m) - r.at));
		if (strcmp(want, rem_text(&rem, 1)))
			comment("M clock_nanosleep: model rem %s", want);
	}
	events_end(1);
	return 1;
}

static void taken_text(char *buf, size_t n, const siginfo_t *si)
{
	switch (si->si_code) {
	case SI_TIMER: {
		int slot = -1;

		for (int s = 0; s < NTIMERS; s++)
			if (M.t[s].live && M.t[s].kid == si->si_timerid)
				slot = s;
		if (slot < 0)
			snprintf(buf, n, "%s timer T? ovr %d", sig_name(si->si_signo),
				 si->si_overrun);
		else
			snprintf(buf, n, "%s timer T%d ovr %d", sig_name(si->si_signo), slot,
				 si->si_overrun);
		break;
	}
	case SI_QUEUE:
		snprintf(buf, n, "%s queue %d", sig_name(si->si_signo), si->si_value.sival_int);
		break;
	case SI_USER:
		snprintf(buf, n, "%s kill", sig_name(si->si_signo));
		break;
	case SI_TKILL:
		snprintf(buf, n, "%s tkill", sig_name(si->si_signo));
		break;
	case SI_KERNEL:
		snprintf(buf, n, "%s kernel", sig_name(si->si_signo));
		break;
	default:
		snprintf(buf, n, "%s code %d", sig_name(si->si_signo), si->si_code);
		break;
	}
}

int op_sigtimedwait(void)
{
	unsigned set = rnd(1u << NSIGS);
	sigset_t ss, *ssp = &ss;
	siginfo_t info, *infop = chance(85) ? &info : NULL;
	struct timespec to, *top = &to;
	struct wait_spec w = {W_SIGWAIT, 0, 0, 0, -1};
	struct wait_result r;
	int k = (int)rnd(100), m = 1 + (int)rnd(4), ret, err, expect_err = 0, guard = 0;
	long long g0 = M.g;
	char settext[64], what[32], result[80];

	if (!set && chance(80))
		set = 1u << rnd(NSIGS);
	w.set = set;
	set_of(set, &ss);
	memset(&to, 0, sizeof(to));
	if (k < 45) {
		w.until = M.g + m;
		if (!plan_wait(&w, &r, 0))
			return 0;
		m = (int)(w.until - M.g);
		to = ts_of(m * Q_NS);
		snprintf(what, sizeof(what), "%dQ", m);
	} else if (k < 65) {
		w.until = M.g;
		snprintf(what, sizeof(what), "0");
	} else if (k < 85) {
		top = NULL;
		w.until = FAR;
		if (!plan_wait(&w, &r, 1))
			return 0;
		guard = 1;
		snprintf(what, sizeof(what), "forever");
	} else if (k < 92) {
		to.tv_nsec = chance(50) ? 1000000000L : -1;
		expect_err = EINVAL;
		snprintf(what, sizeof(what), "nsec=%ld", to.tv_nsec);
	} else if (k < 96) {
		top = bad_pointer();
		expect_err = EFAULT;
		snprintf(what, sizeof(what), "badptr");
	} else {
		ssp = bad_pointer();
		expect_err = EFAULT;
		w.until = M.g;
		snprintf(what, sizeof(what), "set=badptr");
	}
	if (!expect_err) {
		r = model_wait(&w, 0);
		if (r.ambiguous)
			return 0;
		/* a bad info pointer, only where no signal is taken (Linux would lose it) */
		if (r.outcome != WR_SIGNAL && chance(10))
			infop = bad_pointer();
	}
	fuzz_set_text(settext, sizeof(settext), set);
	events_begin();
	if (!expect_err)
		r = model_wait(&w, 1);
	else
		memset(&r, 0, sizeof(r));
	if (!op_go())
		return 0;
	if (guard)
		guard_arm(r.at >= 0 ? r.at / 3 + 2 : g0 + 2, g0);
	memset(&info, 0, sizeof(info));
	errno = 0;
	ret = sigtimedwait(ssp, infop, top);
	err = ret < 0 ? errno : 0;
	if (guard)
		guard_disarm();
	settle(1);
	if (ret > 0 && infop == &info)
		taken_text(result, sizeof(result), &info);
	else if (ret > 0)
		snprintf(result, sizeof(result), "%s", sig_name(ret));
	else
		snprintf(result, sizeof(result), "%s", errno_name(err));
	say("%d.%d sigtimedwait %s %s%s -> %s", episode, op_no, settext, what,
	    infop && infop != &info ? " info=badptr"
	    : infop		    ? ""
				    : " info=NULL",
	    result);
	if (expect_err) {
		if (err != expect_err)
			comment("M sigtimedwait: model %s", errno_name(expect_err));
	} else if (r.outcome == WR_SIGNAL) {
		if (ret != r.signo)
			comment("M sigtimedwait: model %s", sig_name(r.signo));
		else if (infop == &info && info.si_code == SI_TIMER && info.si_overrun != r.ovr)
			comment("M sigtimedwait: model ovr %d", r.ovr);
	} else if (r.outcome == WR_EINTR     ? err != EINTR
		   : r.outcome == WR_TIMEOUT ? err != EAGAIN
					     : 0) {
		comment("M sigtimedwait: model outcome %d", r.outcome);
	}
	events_end(1);
	return 1;
}

int op_sigsuspend(void)
{
	int pause_call = chance(25), ret, err;
	unsigned tmp = pause_call ? M.mask : rnd(1u << NSIGS);
	sigset_t ss, *ssp = &ss;
	struct wait_spec w = {W_SUSPEND, FAR, 0, 0, -1};
	struct wait_result r;
	long long g0 = M.g;
	char settext[64];

	w.tmpmask = tmp;
	set_of(tmp, &ss);
	if (!pause_call && chance(3)) {
		ssp = bad_pointer();
		events_begin();
		if (!op_go())
			return 0;
		errno = 0;
		ret = sigsuspend(ssp);
		err = ret < 0 ? errno : 0;
		say("%d.%d sigsuspend badptr -> %s", episode, op_no, fmt_ret(ret, err));
		if (err != EFAULT)
			comment("M sigsuspend: model EFAULT");
		events_end(0);
		return 1;
	}
	if (!plan_wait(&w, &r, 1))
		return 0;
	fuzz_set_text(settext, sizeof(settext), tmp);
	events_begin();
	r = model_wait(&w, 1);
	if (!op_go())
		return 0;
	guard_arm(r.at >= 0 ? r.at / 3 + 2 : g0 + 2, g0);
	errno = 0;
	ret = pause_call ? pause() : sigsuspend(&ss);
	err = ret < 0 ? errno : 0;
	guard_disarm();
	settle(1);
	if (pause_call)
		say("%d.%d pause -> %s", episode, op_no, fmt_ret(ret, err));
	else
		say("%d.%d sigsuspend %s -> %s", episode, op_no, settext, fmt_ret(ret, err));
	if (err != EINTR)
		comment("M sigsuspend: model EINTR");
	events_end(1);
	return 1;
}

/*
 * The step's end: sleep (absolute, over every interruption) to grid point
 * M.g + a.  Before it, make sure that no two signals that would each end
 * the process fall on one half point (which one kills it is not exact).
 */
void fix_before_advance(long long until)
{
	static struct model save;
	unsigned term = 0;
	int amb = 0, dies;

	save = M;
	while (M.g < until && !M.dead) {
		struct wait_spec w = {W_SLEEP, until, 0, 0, -1};
		struct wait_result r = model_wait(&w, 1);

		amb |= r.ambiguous;
		if (r.outcome == WR_TIMEOUT || r.outcome == WR_DIED)
			break;
	}
	dies = M.dead != 0;
	M = save;
	/* an end by a signal now and then, not at every step */
	if (!amb && !(dies && !chance(8)))
		return;
	for (int i = 0; i < NSIGS; i++)
		if (m_terminates(fuzz_sigs[i]) && !(M.mask & (1u << i)))
			term |= 1u << i;
	{
		sigset_t ss;
		char text[64];
		int ret;

		set_of(term, &ss);
		fuzz_set_text(text, sizeof(text), term);
		op_no++;
		events_begin();
		M.mask |= term;
		ret = sigprocmask(SIG_BLOCK, &ss, NULL);
		say("%d.%d sigprocmask BLOCK %s -> %d (before the sleep)", episode, op_no, text,
		    ret);
		events_end(0);
	}
}

void op_advance(int a)
{
	long long until = M.g + a;

	fix_before_advance(until);
	op_no++;
	events_begin();
	flush_out(); /* (the sleep is absolute: the writing only shortens it) */
	model_advance(until);
	sleep_to_grid(until);
	settle(0);
	say("%d.%d advance %d", episode, op_no, a);
	events_end(1);
}
