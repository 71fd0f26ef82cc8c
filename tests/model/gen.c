/*
 * The step generator of tests/model: from a seed, mostly valid calls with
 * arguments aimed at the edges of the timer state machine (expiries hit
 * exactly, equal deadlines, 1 ns periods, absolute times in the past, the
 * wall clock set onto a deadline or behind it, actions changed while a
 * signal waits), and some bad ones.  It reads the model only, never the
 * kernel.
 *
 * One rule keeps the order of signals comparable: timers on CPU-time
 * clocks use their own signals (CPU_SIGS).  A CPU-time timer and a
 * MONOTONIC one due at the same nanosecond expire in one interrupt in an
 * order that depends on when the CPU-time queue's ktimer was last armed,
 * which the model does not follow; with signals of their own, that order
 * shows in no queue.
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
static const int ALL_SIGS[] = {SIGUSR1, SIGALRM, SIGCHLD, SIGURG, 34, 35, SIGPROF, 36};
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
	case 0: case 1: case 2: case 3:
		return 1 + below(g, 64);
	case 4: case 5: case 6: case 7:
		return 1000 + below(g, 1000000);
	case 8: case 9: case 10: case 11: case 12:
		return 1 + below(g, 200000000);
	case 13: case 14: case 15: case 16:
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
		return g->ndeleted ? g->deleted[below(g, GEN_DELETED < g->ndeleted ? GEN_DELETED : g->ndeleted)]
				   : 1;
	}
}

static int clock_id(struct gen *g, int pid, int other_pid)
{
	static const int bad[] = {CLOCK_MONOTONIC_RAW, CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
				  CLOCK_REALTIME_ALARM, CLOCK_BOOTTIME_ALARM, 10, 12, 16, 1000, -1};
	int r = (int)below(g, 100);

	if (r < 24)
		return CLOCK_MONOTONIC;
	if (r < 48)
		return CLOCK_REALTIME;
	if (r < 55)
		return CLOCK_BOOTTIME;
	if (r < 66)
		return CLOCK_TAI;
	if (r < 76)
		return CLOCK_PROCESS_CPUTIME_ID;
	if (r < 80)
		return CLOCK_THREAD_CPUTIME_ID;
	if (r < 88) { /* Linux's encoding: ~pid << 3 | which (| 4 for a thread) */
		int p = chance(g, 35) ? 0 : chance(g, 50) ? pid : chance(g, 85) ? other_pid : other_pid - 1;

		return (int)((~(unsigned)p) << 3) | (int)below(g, 3) | (chance(g, 30) ? 4 : 0);
	}
	return pick(g, bad, NELEM(bad));
}

static bool cpu_clock(int id)
{
	return id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID || id < 0;
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
	op->clockid = clock_id(g, m->pid, m->other_pid);
	cpu = cpu_clock(op->clockid);
	/* a NULL sigevent means SIGALRM, a wall clock signal: not for CPU clocks */
	op->ev_ptr = ptr_kind(g, cpu ? 0 : 10, 2);
	op->id_ptr = ptr_kind(g, 2, 2);
	op->ev.signo = cpu ? pick(g, CPU_SIGS, NELEM(CPU_SIGS)) : pick(g, WALL_SIGS, NELEM(WALL_SIGS));
	op->ev.value = (int)below(g, 1000);
	op->ev.tid = m->pid;
	switch (below(g, 40)) {
	case 0: case 1: case 2: case 3: case 4: case 5:
		op->ev.notify = SIGEV_NONE;
		op->ev.signo = (int)below(g, 100); /* not looked at */
		break;
	case 6: case 7:
		op->ev.notify = SIGEV_THREAD;
		break;
	case 8: case 9:
		op->ev.notify = SIGEV_THREAD_ID;
		if (chance(g, 20))
			op->ev.tid = chance(g, 50) ? 0 : m->pid + 1;
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
	op->other = chance(g, 3);
	t = m_find((struct model *)m, op->id);
	op->flags = chance(g, 40) ? TIMER_ABSTIME : 0;
	if (chance(g, 4))
		op->flags |= 2 << below(g, 8); /* ignored bits */
	op->new_ptr = ptr_kind(g, 1, 1);
	op->old_ptr = ptr_kind(g, 50, 3);

	/* the clock the value is read against */
	now = m->mono;
	if (t && cpu_clock(t->clockid))
		now = t->cpu_task == KS_CPU_OTHER ? m->other_cpu : m->cpu;
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
			v = now > 1000 ? now - below(g, now < 10 * NS ? now : 10 * NS) : 1; /* past */
		else
			v = now + duration(g);
		if (!v)
			v = 1;
	} else {
		const struct m_timer *o = some_timer(g, m);

		if (o && o->armed && o->base == KS_BASE_MONO && o->expires > m->mono && !cpu_clock(t ? t->clockid : 0) &&
		    chance(g, 15))
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

static void gen_advance(struct gen *g, const struct model *m, struct op *op)
{
	uint64_t due;

	op->kind = OP_ADVANCE;
	op->running = chance(g, 70);
	due = m_next_due(m, op->running);
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

/* The signal a delivery would take now, if its default action kills. */
static int deadly_next(const struct model *m)
{
	uint64_t ready = m_pending(m) & ~m->blocked;
	int signo;

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
		if (r < 80 || (m->ntimers < 4 && chance(g, 10))) {
			if (m->ntimers >= 16)
				continue;
			gen_create(g, m, op);
		} else if (r < 260) {
			gen_settime(g, m, op);
		} else if (r < 330) {
			op->kind = OP_GETTIME;
			op->id = timer_id(g, m);
			op->other = chance(g, 3);
			op->old_ptr = ptr_kind(g, 1, 2);
		} else if (r < 370) {
			op->kind = OP_GETOVERRUN;
			op->id = timer_id(g, m);
			op->other = chance(g, 3);
		} else if (r < 410) {
			op->kind = OP_DELETE;
			op->id = timer_id(g, m);
			op->other = chance(g, 3);
			if (!op->other && m_find((struct model *)m, op->id))
				remember_deleted(g, op->id);
		} else if (r < 500) {
			static const int bad[] = {0, 65, SIGKILL, SIGSTOP};

			op->kind = OP_SIGACTION;
			op->signo = chance(g, 3) ? pick(g, bad, NELEM(bad)) : pick(g, ALL_SIGS, NELEM(ALL_SIGS));
			r = (int)below(g, 100);
			op->action = r < 30 ? KS_IGN : r < 55 ? KS_DFL : KS_HANDLER;
		} else if (r < 560) {
			op->kind = OP_SIGPROCMASK;
			op->how = (int)below(g, 3);
			op->set = signal_set(g);
			if (chance(g, 5))
				op->set |= 1ull << (SIGKILL - 1);
		} else if (r < 600) {
			if (m->plain_count > 64)
				continue;
			op->kind = OP_KILL;
			op->signo = pick(g, ALL_SIGS, NELEM(ALL_SIGS));
		} else if (r < 720) {
			op->kind = OP_DELIVER;
			/* the process dies now and then, not at every SIG_DFL */
			if (deadly_next(m) && chance(g, 85)) {
				op->kind = OP_SIGACTION;
				op->signo = deadly_next(m);
				op->action = KS_HANDLER;
			}
		} else if (r < 750) {
			op->kind = OP_SIGTIMEDWAIT;
			op->set = signal_set(g) | (m_pending(m) & (chance(g, 50) ? ~0ull : 0));
		} else if (r < 780) {
			op->kind = OP_WAIT;
			op->set = signal_set(g);
			op->timeout = duration(g);
		} else if (r < 950) {
			gen_advance(g, m, op);
		} else if (r < 990) {
			gen_clock_set(g, m, op);
		} else if (r < 994) {
			op->kind = OP_TAI_SET;
			op->tai = (int64_t)below(g, 100);
		} else if (r < 997) {
			op->kind = OP_OTHER_EXIT;
		} else {
			op->kind = OP_EXEC;
		}
		return;
	}
}
