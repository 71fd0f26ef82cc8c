/*
 * The POSIX timer calls: timer_create, timer_settime, timer_gettime,
 * timer_getoverrun, timer_delete.
 */
#include "fuzz.h"
#include "fuzz_setting.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Ids of deleted timers: invalid on both kernels (neither hands an id out again at once). */
static timer_t deleted[4];
static int ndeleted;

void timers_reset(void)
{
	ndeleted = 0;
}

static int free_slot(void)
{
	int n = 0, pick = -1;

	for (int s = 0; s < NTIMERS; s++)
		if (!M.t[s].live && rnd((uint32_t)++n) == 0)
			pick = s;
	return pick;
}

static int live_slot(void)
{
	int n = 0, pick = -1;

	for (int s = 0; s < NTIMERS; s++)
		if (M.t[s].live && rnd((uint32_t)++n) == 0)
			pick = s;
	return pick;
}

/*
 * A timer to act on: a live slot mostly, else an id no kernel knows (never
 * a number that could be one of ours on tick386, whose ids are global).
 */
static int pick_target(timer_t *id, char *name, size_t n)
{
	int s = chance(92) ? live_slot() : -1;

	if (s >= 0) {
		*id = M.t[s].kid;
		snprintf(name, n, "T%d", s);
		return s;
	}
	switch (ndeleted ? rnd(4) : rnd(3)) {
	case 0:
		*id = (timer_t)-1;
		snprintf(name, n, "id-1");
		break;
	case 1:
		*id = (timer_t)INT_MAX;
		snprintf(name, n, "idMAX");
		break;
	case 2:
		*id = (timer_t)INT_MIN;
		snprintf(name, n, "idMIN");
		break;
	default:
		*id = deleted[rnd((uint32_t)ndeleted)];
		snprintf(name, n, "deleted");
		break;
	}
	return -1;
}

static const char *clock_name(clockid_t c)
{
	static char buf[4][24];
	static int k;
	char *b = buf[k++ & 3];

	switch (c) {
	case CLOCK_REALTIME:
		return "REAL";
	case CLOCK_MONOTONIC:
		return "MONO";
	case CLOCK_PROCESS_CPUTIME_ID:
		return "PCPU";
	case CLOCK_THREAD_CPUTIME_ID:
		return "TCPU";
	case CLOCK_MONOTONIC_RAW:
		return "RAW";
	case CLOCK_REALTIME_COARSE:
		return "RCOARSE";
	case CLOCK_MONOTONIC_COARSE:
		return "MCOARSE";
	case CLOCK_BOOTTIME:
		return "BOOT";
	case CLOCK_TAI:
		return "TAI";
	default:
		break;
	}
	if (c < 0) {
		int pid = (int)(~(c >> 3));

		/* (the pid differs between the kernels: named, not printed) */
		snprintf(b, 24, "cpuclock(%s,%d%s)",
			 pid == (int)getpid() ? "self"
			 : pid == 0	      ? "0"
			 : pid == 1	      ? "1"
					      : "none",
			 c & 3, c & 4 ? "t" : "");
	} else
		snprintf(b, 24, "clock%d", (int)c);
	return b;
}

const char *fuzz_clock_name(clockid_t c)
{
	return clock_name(c);
}

/* A process CPU clock by pid (Linux's encoding), which = 2 (SCHED). */
static clockid_t cpuclock(int pid)
{
	return (clockid_t)((~(unsigned)pid << 3) | 2);
}

/* A clock for timer_create; *cc its class, *err what Linux says of it (0: fine). */
clockid_t pick_timer_clock(enum cclass *cc, int *err, int for_timerfd)
{
	int k = (int)rnd(100);

	*err = 0;
	*cc = CC_MONO;
	if (k < 35)
		return CLOCK_MONOTONIC;
	if (k < 60) {
		*cc = CC_REAL;
		return CLOCK_REALTIME;
	}
	if (k < 70)
		return CLOCK_BOOTTIME;
	if (k < 75 && !for_timerfd) {
		*cc = CC_REAL;
		return CLOCK_TAI;
	}
	*cc = CC_CPU;
	if (k < 80) {
		*err = for_timerfd ? EINVAL : 0;
		return CLOCK_PROCESS_CPUTIME_ID;
	}
	if (k < 83) {
		*err = for_timerfd ? EINVAL : 0;
		return CLOCK_THREAD_CPUTIME_ID;
	}
	if (k < 86) {
		*err = for_timerfd ? EINVAL : 0;
		return cpuclock(getpid());
	}
	if (k < 88) {
		*err = for_timerfd ? EINVAL : 0;
		return cpuclock(0);
	}
	*cc = CC_MONO;
	switch (rnd(5)) {
	case 0:
		*err = EINVAL;
		return (clockid_t)99;
	case 1:
		*err = EINVAL;
		return (clockid_t)-1;
	case 2:
		*err = for_timerfd ? EINVAL : EOPNOTSUPP;
		return CLOCK_MONOTONIC_RAW;
	case 3:
		*err = for_timerfd ? EINVAL : EOPNOTSUPP;
		return CLOCK_REALTIME_COARSE;
	default:
		*err = EINVAL;
		return cpuclock(32000); /* no such process */
	}
}

int op_timer_create(void)
{
	struct sigevent ev, *evp = &ev;
	timer_t id = 0, *idp = &id;
	enum cclass cc;
	int clock_err, sev_err = 0, slot = free_slot(), k, ret, err, expect_err;
	clockid_t clock = pick_timer_clock(&cc, &clock_err, 0);
	char sevtext[48];
	struct mtimer *t;

	if (slot < 0 && !clock_err && chance(70))
		return 0; /* full: only an invalid one then */
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = fuzz_sigs[rnd(NSIGS)];
	ev.sigev_value.sival_int = 100 + (int)rnd(900);
	k = (int)rnd(100);
	if (k < 8) {
		evp = NULL;
		snprintf(sevtext, sizeof(sevtext), "NULL");
	} else if (k < 78) {
		snprintf(sevtext, sizeof(sevtext), "%s %d", sig_name(ev.sigev_signo),
			 ev.sigev_value.sival_int);
	} else if (k < 88) {
		ev.sigev_notify = SIGEV_NONE;
		snprintf(sevtext, sizeof(sevtext), "none");
	} else if (k < 94 && thread_signals) {
		ev.sigev_notify = SIGEV_THREAD_ID;
		ev.sigev_notify_thread_id = getpid();
		snprintf(sevtext, sizeof(sevtext), "tid %s %d", sig_name(ev.sigev_signo),
			 ev.sigev_value.sival_int);
	} else if (k < 94) {
		snprintf(sevtext, sizeof(sevtext), "%s %d", sig_name(ev.sigev_signo),
			 ev.sigev_value.sival_int);
	} else if (k < 95) {
		ev.sigev_notify = SIGEV_THREAD_ID;
		ev.sigev_notify_thread_id = 32000;
		sev_err = EINVAL;
		snprintf(sevtext, sizeof(sevtext), "tid none");
	} else if (k < 96) {
		ev.sigev_notify = rnd(2) ? 3 : 99;
		sev_err = EINVAL;
		snprintf(sevtext, sizeof(sevtext), "notify %d", ev.sigev_notify);
	} else if (k < 98) {
		ev.sigev_signo = rnd(2) ? 0 : 65;
		sev_err = EINVAL;
		snprintf(sevtext, sizeof(sevtext), "signo %d", ev.sigev_signo);
	} else {
		evp = bad_pointer();
		sev_err = EFAULT;
		snprintf(sevtext, sizeof(sevtext), "badptr");
	}
	if (chance(2))
		idp = bad_pointer();
	/*
	 * Linux: the sigevent is copied first, then the clock is known or not,
	 * then the sigevent makes sense, then the id is written out, and only
	 * then is a CPU clock's process looked for.
	 */
	{
		int late = clock < 0; /* a CPU-time clock's errors */

		expect_err = sev_err == EFAULT	  ? EFAULT
			     : clock_err && !late ? clock_err
			     : sev_err		  ? sev_err
			     : idp != &id	  ? EFAULT
						  : clock_err;
	}
	if (!expect_err && slot < 0)
		return 0;

	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = timer_create(clock, evp, idp);
	err = ret < 0 ? errno : 0;
	say("%d.%d create %s%d %s %s%s -> %s", episode, op_no, expect_err ? "-" : "T",
	    expect_err ? 0 : slot, clock_name(clock), sevtext, idp != &id ? " idp=bad" : "",
	    fmt_ret(ret, err));
	if (err != expect_err)
		comment("M create: model %s", errno_name(expect_err));
	if (ret == 0 && !expect_err) {
		t = &M.t[slot];
		memset(t, 0, sizeof(*t));
		t->live = 1;
		t->kid = id;
		t->clock = clock;
		t->cc = cc;
		t->notify = evp ? ev.sigev_notify : SIGEV_SIGNAL;
		t->signo = evp ? ev.sigev_signo : SIGALRM;
		t->sival = evp ? ev.sigev_value.sival_int : 0;
		t->null_sev = !evp;
		t->dl = FAR;
	} else if (ret == 0) {
		timer_delete(id); /* the model did not expect it: keep the slots straight */
	}
	events_end(0);
	return 1;
}

/* 6.1 and 6.13 differ once a periodic timer's signal is ignored at expiry. */
static int periodic_allowed(const struct mtimer *t)
{
	if (t->notify == SIGEV_NONE)
		return 1;
	return expect != EXPECT_61 || !m_ignored(t->signo);
}

/*
 * A value as timer_gettime (or timer_settime's old value) shows it, printed
 * by the model's view of the timer t (before the call), which it is compared
 * with.
 */
static void show_value(char *buf, size_t n, int s, const struct mtimer *t,
		       const struct itimerspec *v)
{
	long long left = ns_of(&v->it_value);
	long long bound = t->value_ns > t->iv_ns ? t->value_ns : t->iv_ns;
	long long want_q = 0;
	int want = m_left_q(t, &want_q);
	int on_grid = want == 1 || (want < 0 && !t->odd);
	const char *got;

	if (want < 0 && t->stale) {
		/*
		 * Linux (6.1, 6.18) shows a SIGEV_NONE timer disarmed by
		 * timer_settime with its old expiry's time left; tick386, as
		 * POSIX, 0.  Not compared.
		 */
		snprintf(buf, n, "stale/%s", fmt_iv(ns_of(&v->it_interval)));
		comment("stale %lld ns", left);
		return;
	}
	got = fmt_left(left, on_grid, t->odd ? bound : 0);

	snprintf(buf, n, "%s/%s", got, fmt_iv(ns_of(&v->it_interval)));
	if (want < 0 && left != 0)
		comment("M T%d: model disarmed", s);
	else if (want == 1) {
		char w[32];

		snprintf(w, sizeof(w), "%lld.3Q", want_q);
		if (strcmp(w, got))
			comment("M T%d: model %s left", s, w);
	} else if (want == 0 && left == 0)
		comment("M T%d: model armed", s);
	if (ns_of(&v->it_interval) != t->iv_ns)
		comment("M T%d: model interval %lld", s, t->iv_ns);
}

int op_timer_settime(void)
{
	struct itimerspec old;
	struct itimerspec *oldp = chance(60) ? &old : NULL;
	struct setting set;
	struct mtimer *t, before;
	char name[16], oldtext[64] = "";
	timer_t id;
	int s = pick_target(&id, name, sizeof(name)), ret, err, expect_err, other = 0;

	t = s >= 0 ? &M.t[s] : NULL;
	if (t && expect == EXPECT_61 && (t->queued || t->parked))
		return 0; /* 6.1 still delivers the old setting's signal */
	if (t)
		make_setting(&set, t->clock, t->cc, periodic_allowed(t), t->notify == SIGEV_NONE);
	else
		make_setting(&set, CLOCK_MONOTONIC, CC_MONO, 1, 0);
	/*
	 * Linux 6.1 disarms a SIGEV_NONE CPU-time timer when it expires
	 * (cpu_timer_fire), periodic or not; 6.13 and tick386 forward it.
	 */
	if (t && expect == EXPECT_61 && t->cc == CC_CPU && t->notify == SIGEV_NONE &&
	    set.immediate && set.iv)
		return 0;
	/* and keeps the interval of a CPU-time timer disarmed (6.13: 0) */
	if (t && expect == EXPECT_61 && t->cc == CC_CPU && set.zero && set.iv_ns)
		return 0;
	if (chance(8))
		other = chance(50) ? 2 : 0x100; /* Linux ignores flag bits but TIMER_ABSTIME */
	expect_err = set.bad ? set.bad : !t ? EINVAL : 0;
	if (expect_err && chance(20))
		oldp = bad_pointer(); /* never written: the call fails first */
	memset(&old, 0, sizeof(old));
	events_begin();
	if (t)
		before = *t;
	if (!expect_err) {
		long long l;

		/* a SIGEV_NONE timer disarmed while armed keeps its old expiry on Linux */
		if (set.zero)
			t->stale = t->stale || (t->notify == SIGEV_NONE && m_left_q(t, &l) >= 0);
		else
			t->stale = 0;
		m_timer_stop(s);
		t->iv = set.zero ? 0 : set.iv; /* -1: off the grid (SIGEV_NONE) */
		t->odd = set.odd || set.iv < 0;
		t->value_ns = set.value_ns;
		/* Linux 6.13: a disarmed timer has no interval (6.1: but on a CPU clock) */
		t->iv_ns = set.zero ? 0 : set.iv_ns;
		t->frame_real = set.frame_real;
		t->dl = set.odd ? FAR : set.dl;
		if (!set.zero) {
			t->armed = 1;
			if (set.immediate)
				m_timer_fire_now(s, 3 * M.g);
			m_deliver_now(3 * M.g);
		}
	}
	if (!op_go())
		return 0;
	errno = 0;
	ret = timer_settime(id, set.flags | other, set.ptr, oldp);
	err = ret < 0 ? errno : 0;
	spin();
	if (ret == 0 && oldp == &old && t) {
		snprintf(oldtext, sizeof(oldtext), " old ");
		show_value(oldtext + 5, sizeof(oldtext) - 5, s, &before, &old);
	}
	say("%d.%d settime %s %s%s -> %s%s", episode, op_no, name, set.text, other ? " +flags" : "",
	    fmt_ret(ret, err), oldtext);
	if (err != expect_err)
		comment("M settime: model %s", errno_name(expect_err));
	events_end(1);
	return 1;
}

int op_timer_gettime(void)
{
	struct itimerspec v;
	struct itimerspec *vp = chance(96) ? &v : bad_pointer();
	char name[16], text[64] = "";
	timer_t id;
	int s = pick_target(&id, name, sizeof(name)), ret, err, expect_err;

	expect_err = s < 0 ? EINVAL : vp != &v ? EFAULT : 0;
	memset(&v, 0, sizeof(v));
	events_begin();
	if (s >= 0) {
		long long left;

		(void)m_timer_left_q(s, &left); /* a run-out SIGEV_NONE one-shot reads 0 */
	}
	if (!op_go())
		return 0;
	errno = 0;
	ret = timer_gettime(id, vp);
	err = ret < 0 ? errno : 0;
	if (ret == 0 && s >= 0 && vp == &v) {
		text[0] = ' ';
		show_value(text + 1, sizeof(text) - 1, s, &M.t[s], &v);
	}
	say("%d.%d gettime %s%s -> %s%s", episode, op_no, name, vp != &v ? " badptr" : "",
	    fmt_ret(ret, err), text);
	if (err != expect_err)
		comment("M gettime: model %s", errno_name(expect_err));
	events_end(0);
	return 1;
}

int op_timer_getoverrun(void)
{
	char name[16];
	timer_t id;
	int s = pick_target(&id, name, sizeof(name)), ret, err;

	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = timer_getoverrun(id);
	err = ret < 0 ? errno : 0;
	say("%d.%d getoverrun %s -> %s", episode, op_no, name, fmt_ret(ret, err));
	if (s < 0 ? err != EINVAL : ret != M.t[s].overrun_last)
		comment("M getoverrun: model %d", s < 0 ? -EINVAL : M.t[s].overrun_last);
	events_end(0);
	return 1;
}

int op_timer_delete(void)
{
	char name[16];
	timer_t id;
	int s = pick_target(&id, name, sizeof(name)), ret, err;

	if (s >= 0 && expect == EXPECT_61 && (M.t[s].queued || M.t[s].parked))
		return 0; /* 6.1 still delivers a deleted timer's queued signal */
	events_begin();
	if (!op_go())
		return 0;
	errno = 0;
	ret = timer_delete(id);
	err = ret < 0 ? errno : 0;
	say("%d.%d delete %s -> %s", episode, op_no, name, fmt_ret(ret, err));
	if (s < 0 ? err != EINVAL : ret != 0)
		comment("M delete: model %s", s < 0 ? "EINVAL" : "0");
	if (s >= 0) {
		m_timer_stop(s);
		M.t[s].live = 0;
		deleted[ndeleted < 4 ? ndeleted++ : (int)rnd(4)] = id;
	}
	events_end(0);
	return 1;
}
