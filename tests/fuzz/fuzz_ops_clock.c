/*
 * The clock calls: clock_gettime, clock_getres, clock_settime and
 * settimeofday.  Readings are printed as grid indices (which point of the
 * grid the clock is at), never in nanoseconds.
 */
#include "fuzz.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

const char *fuzz_clock_name(clockid_t c);

/*
 * A reading into a bad pointer.  Through the vDSO, a clock it reads
 * itself is written by user code: Linux's vDSO then faults (SIGSEGV),
 * tick386's returns EFAULT through a fixup (docs/DESIGN.md, an intended
 * difference).  So the compared call is the system call, made directly on
 * both kernels; on tick386 the vDSO's answer is checked too, in a comment
 * (not compared), where it must be the system call's.
 */
static int read_bad(int nr, clockid_t clock, struct timespec *tsp, const char *what)
{
	long ret = syscall(nr, clock, tsp);
	int err = ret < 0 ? errno : 0;

	if (!on_linux) {
		int vret = nr == SYS_clock_gettime ? clock_gettime(clock, tsp)
						   : clock_getres(clock, tsp);
		int verr = vret < 0 ? errno : 0;

		if (vret != (int)ret || verr != err)
			comment("M %s: the vDSO says %s, the call %s", what, fmt_ret(vret, verr),
				fmt_ret(ret, err));
	}
	errno = err;
	return (int)ret;
}

static clockid_t cpuclock(int pid)
{
	return (clockid_t)((~(unsigned)pid << 3) | 2);
}

/* The grid point nearest to ns (which may be before 0: the clock set back). */
static long long nearest_point(long long ns)
{
	long long x = ns + Q_NS / 2;

	return x >= 0 ? x / Q_NS : -((-x + Q_NS - 1) / Q_NS);
}

/* A clock to read; *err what Linux says, *kind how the reading is shown. */
enum reading { RD_MONO, RD_REAL, RD_TAI, RD_OK };

static clockid_t pick_read_clock(int *err, enum reading *kind)
{
	static const struct {
		clockid_t c;
		int err;
		enum reading kind;
	} table[] = {
	    {CLOCK_MONOTONIC, 0, RD_MONO},	  {CLOCK_MONOTONIC, 0, RD_MONO},
	    {CLOCK_REALTIME, 0, RD_REAL},	  {CLOCK_REALTIME, 0, RD_REAL},
	    {CLOCK_BOOTTIME, 0, RD_MONO},	  {CLOCK_TAI, 0, RD_TAI},
	    {CLOCK_PROCESS_CPUTIME_ID, 0, RD_OK}, {CLOCK_THREAD_CPUTIME_ID, 0, RD_OK},
	    {CLOCK_MONOTONIC_RAW, 0, RD_OK},	  {CLOCK_REALTIME_COARSE, 0, RD_OK},
	    {CLOCK_MONOTONIC_COARSE, 0, RD_OK},	  {(clockid_t)-2, 0, RD_OK},
	    {(clockid_t)99, EINVAL, RD_OK},	  {(clockid_t)-1, EINVAL, RD_OK},
	    {(clockid_t)10, EINVAL, RD_OK},
	};
	int k = (int)rnd(sizeof(table) / sizeof(table[0]) + 3);

	if (k >= (int)(sizeof(table) / sizeof(table[0]))) {
		*kind = RD_OK;
		*err = k == (int)(sizeof(table) / sizeof(table[0])) + 2 ? EINVAL : 0;
		return cpuclock(k == (int)(sizeof(table) / sizeof(table[0]))	   ? (int)getpid()
				: k == (int)(sizeof(table) / sizeof(table[0])) + 1 ? 1
										   : 32000);
	}
	*err = table[k].err;
	*kind = table[k].kind;
	return table[k].c;
}

int op_clock_gettime(void)
{
	struct timespec ts, *tsp = &ts;
	enum reading kind;
	int err0, ret, err;
	clockid_t clock = pick_read_clock(&err0, &kind);
	char text[48] = "";

	if (chance(4)) {
		tsp = chance(50) ? NULL : bad_pointer();
		if (!err0)
			err0 = EFAULT;
	}
	memset(&ts, 0, sizeof(ts));
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = tsp == &ts ? clock_gettime(clock, tsp)
			 : read_bad(SYS_clock_gettime, clock, tsp, "clock_gettime");
	err = ret < 0 ? errno : 0;
	if (ret == 0 && tsp == &ts) {
		long long ns = ns_of(&ts), idx = 0, want = 0;

		if (ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000L)
			snprintf(text, sizeof(text), " bad nsec");
		else if (kind == RD_MONO) {
			/* to the nearest point: a reading is never more than WINDOW_NS off it */
			idx = nearest_point(ns - T0);
			want = M.g;
			snprintf(text, sizeof(text), " g=%lld", idx);
		} else if (kind == RD_REAL || kind == RD_TAI) {
			/* (the realtime grid sits where the clock was last set: off
			 * the monotonic one by the phase of that call, either way) */
			idx = nearest_point(ns - R0_SEC * 1000000000LL -
					    (kind == RD_TAI ? tai_off_ns : 0));
			want = M.g + M.r_off;
			snprintf(text, sizeof(text), " r=%lld", idx);
		} else {
			snprintf(text, sizeof(text), " ok");
		}
		if (idx != want)
			comment("M clock_gettime: model %lld", want);
	}
	say("%d.%d clock_gettime %s%s -> %s%s", episode, op_no, fuzz_clock_name(clock),
	    tsp == &ts ? ""
	    : tsp      ? " badptr"
		       : " NULL",
	    fmt_ret(ret, err), text);
	if (err != err0)
		comment("M clock_gettime: model %s", errno_name(err0));
	events_end(0);
	return 1;
}

int op_clock_getres(void)
{
	struct timespec ts, *tsp = chance(15) ? NULL : &ts;
	enum reading kind;
	int err0, ret, err;
	clockid_t clock = pick_read_clock(&err0, &kind);
	char text[48] = "";

	if (chance(3)) {
		tsp = bad_pointer();
		if (!err0)
			err0 = EFAULT;
	}
	memset(&ts, 0, sizeof(ts));
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = tsp == &ts || !tsp ? clock_getres(clock, tsp)
				 : read_bad(SYS_clock_getres, clock, tsp, "clock_getres");
	err = ret < 0 ? errno : 0;
	if (ret == 0 && tsp == &ts) {
		long long ns = ns_of(&ts);

		/*
		 * Bounds only: Linux says 1 ns for its high-resolution clocks
		 * (4 ms for the coarse ones), tick386 839 ns, the period of the
		 * PIT its timers fire by (an intended difference).
		 */
		if (kind != RD_OK)
			snprintf(text, sizeof(text), " %s", ns > 0 && ns <= 1000 ? "<=1us" : "odd");
		else
			snprintf(text, sizeof(text), " %s",
				 ns > 0 && ns <= 10000000 ? "<=10ms" : "odd");
		comment("res %lld ns", ns);
	}
	say("%d.%d clock_getres %s%s -> %s%s", episode, op_no, fuzz_clock_name(clock),
	    tsp == &ts ? ""
	    : tsp      ? " badptr"
		       : " NULL",
	    fmt_ret(ret, err), text);
	if (err != err0)
		comment("M clock_getres: model %s", errno_name(err0));
	events_end(0);
	return 1;
}

/* A periodic timer or timerfd of the wall clock that expired and waits. */
static int wall_periodic_waiting(void)
{
	for (int s = 0; s < NTIMERS; s++) {
		const struct mtimer *t = &M.t[s];

		if (t->live && t->armed && t->frame_real && t->iv && (t->queued || t->parked))
			return 1;
	}
	for (int k = 0; k < NTFDS; k++) {
		const struct mtfd *f = &M.tfd[k];

		if (f->live && f->armed && f->frame_real && f->iv && f->count)
			return 1;
	}
	return 0;
}

/*
 * CLOCK_REALTIME set to a point of its grid (a few Q either way, or 1000 s),
 * by clock_settime or settimeofday; absolute REALTIME timers it passes
 * expire at once.  Other clocks and bad values are refused.
 */
int op_clock_settime(void)
{
	int k = (int)rnd(100), ret, err, expect_err = 0, tod = chance(25);
	long long r = M.g + M.r_off, d = (long long)rnd(10) - 3;
	clockid_t clock = CLOCK_REALTIME;
	struct timespec ts, *tsp = &ts;
	struct timeval tv, *tvp = &tv;
	char what[48];
	struct model save;

	if (chance(3))
		d = chance(50) ? 62500 : -62500; /* 1000 s */
	r += d;
	ts = ts_of(R0_SEC * 1000000000LL + r * Q_NS);
	snprintf(what, sizeof(what), "%+lldQ", d);
	if (k < 80) {
	} else if (k < 88 && !tod) {
		static const clockid_t others[] = {
		    CLOCK_MONOTONIC,	CLOCK_BOOTTIME, CLOCK_TAI, CLOCK_PROCESS_CPUTIME_ID, 99,
		    CLOCK_MONOTONIC_RAW};
		static const int errs[] = {EINVAL, EINVAL, EINVAL, EINVAL, EINVAL, EINVAL};
		int o = (int)rnd(6);

		clock = others[o];
		expect_err = errs[o];
	} else if (k < 93) {
		ts.tv_nsec = 1000000000L;
		expect_err = EINVAL;
		snprintf(what, sizeof(what), "nsec=1e9");
	} else if (k < 96) {
		ts.tv_sec = -1;
		expect_err = EINVAL;
		snprintf(what, sizeof(what), "sec=-1");
	} else {
		tsp = bad_pointer();
		tvp = (struct timeval *)tsp;
		expect_err = EFAULT;
		snprintf(what, sizeof(what), "badptr");
	}
	tv.tv_sec = ts.tv_sec;
	tv.tv_usec = ts.tv_nsec == 1000000000L ? 1000000 : ts.tv_nsec / 1000;
	events_begin();
	save = M;
	/*
	 * Linux: a periodic timer of the wall clock whose signal waits when
	 * the clock is set back before its expiry is forwarded by nothing at
	 * delivery: si_overrun -1 (it_overrun starts at -1), tick386 too (this
	 * fuzzer's model does not say so yet).  (A timerfd's count likewise
	 * loses one, tick386's does not.)  Not where it shows.
	 */
	if (!expect_err && d < 0 && wall_periodic_waiting())
		return 0;
	if (!expect_err) {
		M.passed = 0;
		model_clock_set(r);
		/*
		 * Linux 6.1 on one CPU expires a timer that the step made due
		 * only at its next timer interrupt (clock_was_set calls the
		 * other CPUs), up to a tick later; tick386 at once.  Not where
		 * the grid can tell.
		 */
		if (M.ambiguous || M.passed) {
			M = save;
			return 0;
		}
		m_deliver_now(3 * M.g);
	}
	if (!op_go())
		return 0;
	errno = 0;
	if (tod)
		ret = settimeofday(tvp, NULL);
	else
		ret = clock_settime(clock, tsp);
	err = ret < 0 ? errno : 0;
	spin();
	if (tod)
		say("%d.%d settimeofday %s -> %s", episode, op_no, what, fmt_ret(ret, err));
	else
		say("%d.%d clock_settime %s %s -> %s", episode, op_no, fuzz_clock_name(clock), what,
		    fmt_ret(ret, err));
	if (err != expect_err)
		comment("M settime: model %s", errno_name(expect_err));
	events_end(1);
	return 1;
}
