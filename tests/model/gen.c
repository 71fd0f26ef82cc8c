/*
 * The step generator of tests/model: from a seed, mostly valid calls with
 * arguments aimed at the edges of the timer state machine (expiries hit
 * exactly, equal deadlines, 1 ns periods, absolute times in the past, the
 * wall clock set onto a deadline or behind it, actions changed while a
 * signal waits), and some bad ones.  It reads the model only, never the
 * kernel.
 *
 * One rule keeps the order of signals comparable: timers on process
 * CPU-time clocks and on thread CPU-time clocks use signals of their own
 * (CPU_SIGS, THREAD_SIGS).  A CPU-time timer and a MONOTONIC one (or a
 * thread clock's and its process clock's) due at the same nanosecond
 * expire in one interrupt in an order that depends on when each CPU-time
 * queue's ktimer was last armed, which the model does not follow; with
 * signals of their own, that order shows in no queue.
 */
#include "tests/model/gen.h"

#include <limits.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#define NS 1000000000ull
#ifndef SIGEV_THREAD_ID
#define SIGEV_THREAD_ID 4
#endif

static const int WALL_SIGS[] = {SIGUSR1, SIGALRM, SIGCHLD, SIGURG, 34, 35};
static const int CPU_SIGS[] = {SIGPROF, 36};
static const int THREAD_SIGS[] = {SIGVTALRM, 37};
static const int ALL_SIGS[] = {SIGUSR1, SIGALRM, SIGCHLD, SIGURG,    34,
			       35,	SIGPROF, 36,	  SIGVTALRM, 37};
#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

uint64_t gen_next(struct gen *g)
{
	/* splitmix64 */
	uint64_t z = (g->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t below(struct gen *g, uint64_t n)
{
	return n ? gen_next(g) % n : 0;
}

static bool chance(struct gen *g, int percent)
{
	return (int)below(g, 100) < percent;
}

static int pick(struct gen *g, const int *v, int n)
{
	return v[below(g, (uint64_t)n)];
}

void gen_init(struct gen *g, uint64_t seed)
{
	memset(g, 0, sizeof(*g));
	g->state = seed * 0x2545f4914f6cdd1dull + 1;
}

/* A length of time, from 1 ns to minutes, mostly short. */
static uint64_t duration(struct gen *g)
{
	switch (below(g, 20)) {
	case 0:
	case 1:
	case 2:
	case 3:
		return 1 + below(g, 64);
	case 4:
	case 5:
	case 6:
	case 7:
		return 1000 + below(g, 1000000);
	case 8:
	case 9:
	case 10:
	case 11:
	case 12:
		return 1 + below(g, 200000000);
	case 13:
	case 14:
	case 15:
	case 16:
		return 1 + below(g, 3 * NS);
	case 17:
		return NS * (1 + below(g, 3)); /* round seconds */
	case 18:
		return NS / 1000 * (1 + below(g, 1000)); /* round microseconds */
	default:
		return 10 * NS + below(g, 100 * NS);
	}
}

static struct ks_timespec ts_of(uint64_t ns)
{
	return (struct ks_timespec){(int64_t)(ns / NS), (int64_t)(ns % NS)};
}

/* A timer of the model, as the model knows them. */
static const struct m_timer *some_timer(struct gen *g, const struct model *m)
{
	return m->ntimers ? &m->timers[below(g, (uint64_t)m->ntimers)] : NULL;
}

static void remember_deleted(struct gen *g, int id)
{
	g->deleted[g->ndeleted++ % GEN_DELETED] = id;
}

/* An id: mostly one of the process's timers, sometimes one that is not. */
static int timer_id(struct gen *g, const struct model *m)
{
	if (m->ntimers && !chance(g, 10))
		return some_timer(g, m)->id;
	switch (below(g, 5)) {
	case 0:
		return 0;
	case 1:
		return -1 - (int)below(g, 2);
	case 2:
		return INT_MAX;
	case 3:
		return m->last_id + 1; /* not given yet */
	default:
		return g->ndeleted ? g->deleted[below(g, GEN_DELETED < g->ndeleted ? GEN_DELETED
										   : g->ndeleted)]
				   : 1;
	}
}

/* A thread of the process that exists: 0, or sometimes 1. */
static int some_thread(struct gen *g, const struct model *m)
{
	return m->thread[1].alive && chance(g, 35) ? 1 : 0;
}

static int clock_id(struct gen *g, const struct model *m)
{
	static const int bad[] = {CLOCK_MONOTONIC_RAW,
				  CLOCK_REALTIME_COARSE,
				  CLOCK_MONOTONIC_COARSE,
				  CLOCK_REALTIME_ALARM,
				  CLOCK_BOOTTIME_ALARM,
				  10,
				  12,
				  16,
				  1000,
				  -1};
	int r = (int)below(g, 100), p;

	if (r < 22)
		return CLOCK_MONOTONIC;
	if (r < 44)
		return CLOCK_REALTIME;
	if (r < 50)
		return CLOCK_BOOTTIME;
	if (r < 60)
		return CLOCK_TAI;
	if (r < 68)
		return CLOCK_PROCESS_CPUTIME_ID;
	if (r < 76)
		return CLOCK_THREAD_CPUTIME_ID;
	if (r < 90) { /* Linux's encoding: ~pid << 3 | which (| 4 for a thread) */
		switch (below(g, 6)) {
		case 0:
			p = 0;
			break;
		case 1:
			p = m->pid;
			break;
		case 2:
			p = m->thread[1].alive ? m->thread[1].tid
					       : m->next_pid - 1; /* maybe gone */
			break;
		case 3:
			p = m->other_pid;
			break;
		case 4:
			p = m->other_pid - 1; /* an earlier other process, gone */
			break;
		default:
			p = 99;
		}
		return (int)((~(unsigned)p) << 3) | (int)below(g, 3) | (chance(g, 35) ? 4 : 0);
	}
	return pick(g, bad, NELEM(bad));
}

static bool cpu_clock(int id)
{
	return id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID || id < 0;
}

static bool thread_clock(int id)
{
	return id == CLOCK_THREAD_CPUTIME_ID || (id < 0 && (id & 4));
}

static int ptr_kind(struct gen *g, int null_pct, int bad_pct)
{
	int r = (int)below(g, 100);

	return r < null_pct ? KS_PTR_NULL : r < null_pct + bad_pct ? KS_PTR_BAD : KS_PTR_OK;
}

static void gen_create(struct gen *g, const struct model *m, struct op *op)
{
	bool cpu;

	op->kind = OP_CREATE;
	op->by = some_thread(g, m);
	op->clockid = clock_id(g, m);
	cpu = cpu_clock(op->clockid);
	/* a NULL sigevent means SIGALRM, a wall clock signal: not for CPU clocks */
	op->ev_ptr = ptr_kind(g, cpu ? 0 : 10, 2);
	op->id_ptr = ptr_kind(g, 2, 2);
	op->ev.signo = !cpu			   ? pick(g, WALL_SIGS, NELEM(WALL_SIGS))
		       : thread_clock(op->clockid) ? pick(g, THREAD_SIGS, NELEM(THREAD_SIGS))
						   : pick(g, CPU_SIGS, NELEM(CPU_SIGS));
	op->ev.value = (int)below(g, 1000);
	op->ev.tid = m->thread[some_thread(g, m)].tid;
	switch (below(g, 40)) {
	case 0:
	case 1:
	case 2:
	case 3:
	case 4:
	case 5:
		op->ev.notify = SIGEV_NONE;
		op->ev.signo = (int)below(g, 100); /* not looked at */
		break;
	case 6:
	case 7:
		op->ev.notify = SIGEV_THREAD;
		break;
	case 8:
	case 9:
	case 12:
	case 13:
		op->ev.notify = SIGEV_THREAD_ID;
		if (chance(g, 15)) /* none, the other process, a thread gone */
			op->ev.tid = chance(g, 30)   ? 0
				     : chance(g, 50) ? m->other_pid
						     : m->next_pid - 1;
		break;
	case 10:
		op->ev.notify = chance(g, 50) ? 3 : 99;
		break;
	case 11:
		op->ev.notify = SIGEV_SIGNAL;
		op->ev.signo = chance(g, 50) ? 0 : 65;
		break;
	default:
		op->ev.notify = SIGEV_SIGNAL;
	}
}

/* A new setting for a timer: relative or absolute, one-shot or periodic. */
static void gen_settime(struct gen *g, const struct model *m, struct op *op)
{
	const struct m_timer *t;
	uint64_t now, v;

	op->kind = OP_SETTIME;
	op->id = timer_id(g, m);
	op->by = chance(g, 3) ? KS_OTHER : some_thread(g, m);
	t = m_find((struct model *)m, op->id);
	op->flags = chance(g, 40) ? TIMER_ABSTIME : 0;
	if (chance(g, 4))
		op->flags |= 2 << below(g, 8); /* ignored bits */
	op->new_ptr = ptr_kind(g, 1, 1);
	op->old_ptr = ptr_kind(g, 50, 3);

	/* the clock the value is read against */
	now = m->mono;
	if (t && cpu_clock(t->clockid))
		now = m_timer_now(m, t);
	else if (t && (op->flags & TIMER_ABSTIME) && t->clockid == CLOCK_REALTIME)
		now = (uint64_t)((int64_t)m->mono + m->rt_off);
	else if (t && (op->flags & TIMER_ABSTIME) && t->clockid == CLOCK_TAI)
		now = (uint64_t)((int64_t)m->mono + m->rt_off + m->tai_off_sec * (int64_t)NS);

	if (chance(g, 5)) {
		v = 0; /* disarm */
	} else if (op->flags & TIMER_ABSTIME) {
		const struct m_timer *o = some_timer(g, m);

		if (o && o->armed && chance(g, 15))
			v = o->expires; /* the same deadline as another: FIFO */
		else if (chance(g, 15))
			v = now > 1000 ? now - below(g, now < 10 * NS ? now : 10 * NS)
				       : 1; /* past */
		else
			v = now + duration(g);
		if (!v)
			v = 1;
	} else {
		const struct m_timer *o = some_timer(g, m);

		if (o && o->armed && o->base == KS_BASE_MONO && o->expires > m->mono &&
		    !cpu_clock(t ? t->clockid : 0) && chance(g, 15))
			v = o->expires - m->mono;
		else
			v = duration(g);
	}
	op->value = ts_of(v);
	if (chance(g, 45))
		op->interval = ts_of(0);
	else if (chance(g, 30))
		op->interval = ts_of(1 + below(g, 100)); /* storms of overruns */
	else
		op->interval = ts_of(duration(g) % (5 * NS) + 1);
	if (chance(g, 2)) /* the last time_t second of i386 (2038), to the ns */
		*(chance(g, 70) ? &op->value : &op->interval) =
		    (struct ks_timespec){INT32_MAX - (int64_t)below(g, 2), (int64_t)NS - 1};
	if (chance(g, 3)) { /* a bad timespec */
		struct ks_timespec *ts = chance(g, 50) ? &op->value : &op->interval;

		switch (below(g, 3)) {
		case 0:
			ts->nsec = (int64_t)NS;
			break;
		case 1:
			ts->nsec = -1;
			break;
		default:
			ts->sec = -1;
		}
	}
}

static uint64_t signal_set(struct gen *g)
{
	uint64_t set = 0;

	for (int i = 0; i < NELEM(ALL_SIGS); i++)
		if (chance(g, 35))
			set |= 1ull << (ALL_SIGS[i] - 1);
	return set;
}

/* Who runs: a thread of the process, or the other process. */
static int who_runs(struct gen *g, const struct model *m)
{
	int r = (int)below(g, 100);

	return r < 40 ? 0 : r < 65 && m->thread[1].alive ? 1 : KS_OTHER;
}

static void gen_advance(struct gen *g, const struct model *m, struct op *op)
{
	uint64_t due;

	op->kind = OP_ADVANCE;
	op->who = who_runs(g, m);
	due = m_next_due(m, op->who);
	if (due != UINT64_MAX && due >= m->mono && due - m->mono < 20 * NS && chance(g, 45)) {
		op->target = due; /* exactly to an expiry, or a nanosecond either side */
		if (chance(g, 25))
			op->target += chance(g, 50) && due > m->mono ? -1ull : 1;
		return;
	}
	if (chance(g, 3)) {
		op->target = m->mono; /* no time at all */
		return;
	}
	op->target = m->mono + (chance(g, 1) ? 100 * NS + below(g, 900 * NS) : duration(g));
}

static void gen_clock_set(struct gen *g, const struct model *m, struct op *op)
{
	uint64_t rt = (uint64_t)((int64_t)m->mono + m->rt_off);
	const struct m_timer *t = some_timer(g, m);

	op->kind = OP_CLOCK_SET;
	if (t && t->armed && t->base == KS_BASE_REAL && chance(g, 40)) {
		op->realtime = t->expires + below(g, 3) - 1; /* onto a wall deadline */
		return;
	}
	if (chance(g, 2))
		op->realtime = (uint64_t)INT32_MAX * NS - below(g, 100 * NS); /* 2038 */
	else if (chance(g, 50))
		op->realtime = rt + duration(g);
	else if (chance(g, 90))
		op->realtime = rt - (rt > NS ? below(g, rt < 100 * NS ? rt : 100 * NS) : 0);
	else
		op->realtime = below(g, 1000 * NS); /* back to 1970 */
}

/* The signal a delivery to thread th would take now (its own first, then
 * its process's), if its default action kills. */
static int deadly_next(const struct model *m, int th)
{
	uint64_t own = 0, ready;
	int signo;

	for (int i = 0; i < m->nqueue; i++)
		if (m->queue[i].set == KS_SET_THREAD0 + th)
			own |= 1ull << (m->queue[i].signo - 1);
	own &= ~m->thread[th].blocked;
	ready = own ? own : m_pending(m, th) & ~m->thread[th].blocked;
	if (!ready)
		return 0;
	signo = __builtin_ctzll(ready) + 1;
	return m->action[signo] == KS_DFL && !m_ignores(m, signo) ? signo : 0;
}

void gen_step(struct gen *g, const struct model *m, struct op *op)
{
	int r;

	memset(op, 0, sizeof(*op));
	for (;;) {
		r = (int)below(g, 1000);
		op->by = some_thread(g, m);
		if (r < 80 || (m->ntimers < 4 && chance(g, 10))) {
			if (m->ntimers >= 16)
				continue;
			gen_create(g, m, op);
		} else if (r < 250) {
			gen_settime(g, m, op);
		} else if (r < 320) {
			op->kind = OP_GETTIME;
			op->id = timer_id(g, m);
			op->by = chance(g, 3) ? KS_OTHER : op->by;
			op->old_ptr = ptr_kind(g, 1, 2);
		} else if (r < 360) {
			op->kind = OP_GETOVERRUN;
			op->id = timer_id(g, m);
			op->by = chance(g, 3) ? KS_OTHER : op->by;
		} else if (r < 400) {
			op->kind = OP_DELETE;
			op->id = timer_id(g, m);
			op->by = chance(g, 3) ? KS_OTHER : op->by;
			if (op->by != KS_OTHER && m_find((struct model *)m, op->id))
				remember_deleted(g, op->id);
		} else if (r < 480) {
			static const int bad[] = {0, 65, SIGKILL, SIGSTOP};

			op->kind = OP_SIGACTION;
			op->signo = chance(g, 3) ? pick(g, bad, NELEM(bad))
						 : pick(g, ALL_SIGS, NELEM(ALL_SIGS));
			r = (int)below(g, 100);
			op->action = r < 30 ? KS_IGN : r < 55 ? KS_DFL : KS_HANDLER;
		} else if (r < 540) {
			op->kind = OP_SIGPROCMASK;
			op->how = (int)below(g, 3);
			op->set = signal_set(g);
			if (chance(g, 5))
				op->set |= 1ull << (SIGKILL - 1);
		} else if (r < 580) {
			if (m->plain_count > 64)
				continue;
			op->kind = chance(g, 70) ? OP_KILL : OP_TKILL;
			op->signo = pick(g, ALL_SIGS, NELEM(ALL_SIGS));
		} else if (r < 700) {
			op->kind = OP_DELIVER;
			/* the process dies now and then, not at every SIG_DFL */
			if (deadly_next(m, op->by) && chance(g, 85)) {
				op->kind = OP_SIGACTION;
				op->signo = deadly_next(m, op->by);
				op->action = KS_HANDLER;
			}
		} else if (r < 730) {
			op->kind = OP_SIGTIMEDWAIT;
			op->set =
			    signal_set(g) | (m_pending(m, op->by) & (chance(g, 50) ? ~0ull : 0));
		} else if (r < 760) {
			op->kind = OP_WAIT;
			op->set = signal_set(g);
			op->timeout = duration(g);
			op->who = op->by == 0 && m->thread[1].alive && chance(g, 50) ? 1
				  : op->by == 1 && chance(g, 50)		     ? 0
										     : KS_OTHER;
		} else if (r < 935) {
			gen_advance(g, m, op);
		} else if (r < 975) {
			gen_clock_set(g, m, op);
		} else if (r < 980) {
			op->kind = OP_TAI_SET;
			op->tai = (int64_t)below(g, 100);
		} else if (r < 990) {
			op->kind = m->thread[1].alive ? OP_THREAD_EXIT : OP_THREAD_CREATE;
			op->by = m->thread[1].alive ? 1 : 0;
		} else if (r < 994) {
			op->kind = OP_OTHER_EXIT;
			op->by = KS_OTHER;
		} else {
			op->kind = OP_EXEC;
			op->by = 0;
		}
		return;
	}
}
