/*
 * The reference model of tests/model (see model.h).  Host C, no kernel code.
 */
#include "tests/model/model.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#define NS 1000000000ull
#define SIGBIT(s) (1ull << ((s)-1))
#ifndef SIGEV_THREAD_ID
#define SIGEV_THREAD_ID 4
#endif

typedef unsigned __int128 u128;
typedef __int128 s128;

static uint64_t clamp_u64(s128 v)
{
	return v < 0 ? 0 : v > (s128)UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

static int overrun_add(int a, uint64_t b)
{
	u128 sum = (u128)a + b;

	return sum > INT_MAX ? INT_MAX : (int)sum;
}

/*
 * A periodic expiry that has come (expires <= now): the periods missed
 * besides it, and the first expiry after now.
 */
static int forward(uint64_t expires, uint64_t interval, uint64_t now, uint64_t *next)
{
	u128 missed;

	if (expires > now) {
		*next = expires;
		return 0;
	}
	missed = (now - expires) / interval;
	*next = clamp_u64((s128)((u128)expires + (missed + 1) * interval));
	return missed > INT_MAX ? INT_MAX : (int)missed;
}

void m_init(struct model *m, uint64_t mono, int64_t rt_off, int64_t tai_off_sec, int pid,
	    int other_pid)
{
	memset(m, 0, sizeof(*m));
	m->mono = mono;
	m->rt_off = rt_off;
	m->tai_off_sec = tai_off_sec;
	m->pid = pid;
	m->other_pid = other_pid;
	m->next_pid = other_pid + 1;
	m->thread[0] = (struct m_thread){true, pid, 0, 0};
}

/* ---- clocks -------------------------------------------------------------- */

static uint64_t realtime_now(const struct model *m)
{
	return clamp_u64((s128)m->mono + m->rt_off);
}

static uint64_t process_cpu(const struct model *m)
{
	uint64_t ns = m->dead_cpu;

	for (int i = 0; i < KS_THREADS; i++)
		if (m->thread[i].alive)
			ns += m->thread[i].cpu;
	return ns;
}

/* A CPU-time clock now (a thread or process gone: 0). */
static uint64_t cpu_clock_now(const struct model *m, int cpu_task)
{
	switch (cpu_task) {
	case KS_CPU_PROCESS:
		return process_cpu(m);
	case KS_CPU_THREAD0:
	case KS_CPU_THREAD1:
		return m->thread[cpu_task - KS_CPU_THREAD0].cpu;
	case KS_CPU_OTHER:
		return m->other_cpu;
	default:
		return 0;
	}
}

/* Whether a CPU-time clock advances while `who` runs. */
static bool cpu_clock_runs(int cpu_task, int who)
{
	switch (cpu_task) {
	case KS_CPU_PROCESS:
		return who != KS_OTHER;
	case KS_CPU_THREAD0:
	case KS_CPU_THREAD1:
		return who == cpu_task - KS_CPU_THREAD0;
	case KS_CPU_OTHER:
		return who == KS_OTHER;
	default:
		return false;
	}
}

/* "Now" on the clock a timer's expiry is kept on. */
static uint64_t base_now(const struct model *m, const struct m_timer *t)
{
	switch (t->base) {
	case KS_BASE_REAL:
		return realtime_now(m);
	case KS_BASE_TAI:
		return clamp_u64((s128)realtime_now(m) + (s128)m->tai_off_sec * NS);
	case KS_BASE_CPU:
		return cpu_clock_now(m, t->cpu_task);
	default:
		return m->mono;
	}
}

uint64_t m_timer_now(const struct model *m, const struct m_timer *t)
{
	return base_now(m, t);
}

/* Time passes while `who` runs: its CPU time with it. */
static void time_moves_to(struct model *m, uint64_t t, int who)
{
	if (t <= m->mono)
		return;
	if (who == KS_OTHER)
		m->other_cpu += t - m->mono;
	else
		m->thread[who].cpu += t - m->mono;
	m->mono = t;
}

/* ---- signals --------------------------------------------------------------- */

static bool default_ignores(int signo)
{
	return signo == SIGCHLD || signo == SIGURG || signo == SIGWINCH || signo == SIGCONT;
}

bool m_ignores(const struct model *m, int signo)
{
	return m->action[signo] == KS_IGN || (m->action[signo] == KS_DFL && default_ignores(signo));
}

static uint64_t set_pending(const struct model *m, int set)
{
	uint64_t p = 0;

	for (int i = 0; i < m->nqueue; i++)
		if (m->queue[i].set == set)
			p |= SIGBIT(m->queue[i].signo);
	return p;
}

uint64_t m_pending(const struct model *m, int thread)
{
	return set_pending(m, KS_SET_PROCESS) | set_pending(m, KS_SET_THREAD0 + thread);
}

static void queue_append(struct model *m, int set, int signo, int timer_id, int code)
{
	m->queue[m->nqueue++] = (struct m_entry){set, signo, timer_id, code};
	if (!timer_id)
		m->plain_count++;
}

static struct m_entry queue_take(struct model *m, int i)
{
	struct m_entry e = m->queue[i];

	memmove(&m->queue[i], &m->queue[i + 1], (size_t)(m->nqueue - i - 1) * sizeof(e));
	m->nqueue--;
	if (!e.timer_id)
		m->plain_count--;
	return e;
}

static void parked_take(struct model *m, int i)
{
	memmove(&m->parked[i], &m->parked[i + 1], (size_t)(m->nparked - i - 1) * sizeof(int));
	m->nparked--;
}

struct m_timer *m_find(struct model *m, int id)
{
	for (int i = 0; i < m->ntimers; i++)
		if (m->timers[i].id == id)
			return &m->timers[i];
	return NULL;
}

/* The set a timer's signal goes to: its process's, or its thread's. */
static int target_set(const struct m_timer *t)
{
	return t->target == KS_TO_PROCESS ? KS_SET_PROCESS
					  : KS_SET_THREAD0 + (t->target - KS_TO_THREAD0);
}

/* The mask that decides whether a signal for a set is blocked: the thread's
 * own, or for the process's set its first thread's (the one it is sent to). */
static uint64_t blocked_for(const struct model *m, int set)
{
	return m->thread[set == KS_SET_THREAD1 ? 1 : 0].blocked;
}

/* The timer's signal goes, queued or parked (settime, delete). */
static void signal_withdraw(struct model *m, struct m_timer *t)
{
	for (int i = 0; i < m->nqueue; i++)
		if (m->queue[i].timer_id == t->id)
			queue_take(m, i--);
	for (int i = 0; i < m->nparked; i++)
		if (m->parked[i] == t->id)
			parked_take(m, i--);
	t->where = KS_IDLE;
}

/* ---- expiry ------------------------------------------------------------------ */

/*
 * Waiting for its expiry in a timer queue: armed, and no signal of it
 * waiting (that stops it).  A periodic timer whose thread has ended fires
 * into nothing once, and then waits for no delivery that will come.
 */
static bool waiting(const struct m_timer *t)
{
	return t->armed && t->notify == SIGEV_SIGNAL && t->where == KS_IDLE && !t->lost;
}

/* When, in monotonic time, a waiting timer is due; false: not while `who`
 * runs (the clock of CPU time it counts stands still). */
static bool due_at(const struct model *m, const struct m_timer *t, int who, uint64_t *due)
{
	uint64_t cpu_now;

	switch (t->base) {
	case KS_BASE_REAL:
		*due = clamp_u64((s128)t->expires - m->rt_off);
		return true;
	case KS_BASE_TAI:
		*due = clamp_u64((s128)t->expires - m->rt_off - (s128)m->tai_off_sec * NS);
		return true;
	case KS_BASE_CPU:
		/* An expiry its clock has reached is due now, whether the clock
		 * runs or stands (its task not running): Linux fires a CPU-time
		 * timer it finds expired when set, and tick386 at the next
		 * interrupt.  One ahead of a standing clock waits for it to run. */
		cpu_now = base_now(m, t);
		if (t->expires <= cpu_now) {
			*due = m->mono;
			return true;
		}
		if (!cpu_clock_runs(t->cpu_task, who))
			return false;
		*due = clamp_u64((s128)m->mono + (t->expires - cpu_now));
		return true;
	default:
		*due = t->expires;
		return true;
	}
}

uint64_t m_next_due(const struct model *m, int who)
{
	uint64_t best = UINT64_MAX, due;

	for (int i = 0; i < m->ntimers; i++)
		if (waiting(&m->timers[i]) && due_at(m, &m->timers[i], who, &due) && due < best)
			best = due;
	return best;
}

/*
 * The expiry has come while `who` runs: queue the signal (a periodic
 * timer stays armed and waits for the delivery to go on).  A signal for
 * the process goes through the running thread when it is one of the
 * process's (Linux 6.3+, posixtimer_get_target): that thread's mask
 * decides whether it is ignored, not the first thread's.
 */
static void expire(struct model *m, struct m_timer *t, int who)
{
	int set;

	if (!t->interval)
		t->armed = false;
	if (t->target == KS_TO_ENDED) {
		t->lost = true; /* into nothing: no delivery will re-arm it */
		return;
	}
	if (t->where != KS_IDLE) { /* cannot happen: nothing re-arms while it waits */
		t->overrun = overrun_add(t->overrun, 1);
		return;
	}
	set = target_set(t);
	if (!((set == KS_SET_PROCESS && (who == 0 || who == 1) && m->thread[who].alive
		       ? m->thread[who].blocked
		       : blocked_for(m, set)) &
	      SIGBIT(t->signo)) &&
	    m_ignores(m, t->signo)) {
		if (t->park_if_ignored) {
			m->parked[m->nparked++] = t->id;
			t->where = KS_PARKED;
		}
		return; /* a one-shot's is discarded */
	}
	queue_append(m, set, t->signo, t->id, SI_TIMER);
	t->where = KS_QUEUED;
}

/* The order in which one interrupt expires what is due: the monotonic
 * queue (with the CPU-time clocks' ktimers in it), then REALTIME, then
 * TAI; in each, by expiry, the first armed first. */
static int class_of(int base)
{
	return base == KS_BASE_MONO ? 0 : base == KS_BASE_CPU ? 1 : base == KS_BASE_REAL ? 2 : 3;
}

static bool expires_before(const struct m_timer *a, const struct m_timer *b)
{
	if (class_of(a->base) != class_of(b->base))
		return class_of(a->base) < class_of(b->base);
	if (a->expires != b->expires)
		return a->expires < b->expires;
	return a->seq < b->seq;
}

/* One interrupt at m->mono while `who` runs: every waiting timer due by
 * then, of the bases in `bases` (a mask of 1 << base). */
static void expire_pass(struct model *m, int who, unsigned bases)
{
	int due_ids[KS_MAX_TIMERS], n = 0;
	uint64_t due;

	for (int i = 0; i < m->ntimers; i++) {
		struct m_timer *t = &m->timers[i];

		if ((bases & (1u << t->base)) && waiting(t) && due_at(m, t, who, &due) &&
		    due <= m->mono)
			due_ids[n++] = t->id;
	}
	for (int i = 1; i < n; i++) /* insertion sort, by expires_before */
		for (int j = i;
		     j > 0 && expires_before(m_find(m, due_ids[j]), m_find(m, due_ids[j - 1]));
		     j--) {
			int tmp = due_ids[j];

			due_ids[j] = due_ids[j - 1];
			due_ids[j - 1] = tmp;
		}
	for (int i = 0; i < n; i++)
		expire(m, m_find(m, due_ids[i]), who);
}

#define ALL_BASES 0xfu
#define WALL_BASES ((1u << KS_BASE_REAL) | (1u << KS_BASE_TAI))

void m_advance(struct model *m, uint64_t target, int who, int stop_thread, uint64_t stop_mask)
{
	for (;;) {
		uint64_t next = m_next_due(m, who);

		if ((m_pending(m, stop_thread) & stop_mask) || next > target)
			break;
		time_moves_to(m, next, who);
		expire_pass(m, who, ALL_BASES);
	}
	if (!(m_pending(m, stop_thread) & stop_mask))
		time_moves_to(m, target, who);
}

void m_clock_set(struct model *m, int by, uint64_t realtime_ns)
{
	m->rt_off = (int64_t)(realtime_ns - m->mono);
	expire_pass(m, by, WALL_BASES);
}

void m_tai_set(struct model *m, int by, int64_t tai_off_sec)
{
	m->tai_off_sec = tai_off_sec;
	expire_pass(m, by, WALL_BASES);
}

void m_settle(struct model *m, int who)
{
	if (m_next_due(m, who) <= m->mono)
		expire_pass(m, who, ALL_BASES);
}

/* ---- delivery ---------------------------------------------------------------- */

/* The signal is taken: a periodic timer goes on from here, the periods
 * missed since the expiry that queued it counted at once. */
static void on_deliver(struct model *m, struct m_timer *t, struct ks_info *info)
{
	t->where = KS_IDLE;
	if (t->interval && t->armed) {
		uint64_t now = base_now(m, t), next;

		if (now < t->expires) {
			/* The wall clock was set back before the expiry that
			 * queued the signal: the timer stays at it and the
			 * signal counts none (si_overrun -1, as Linux). */
			t->overrun--;
		} else {
			int missed = forward(t->expires, t->interval, now, &next);

			t->overrun = overrun_add(t->overrun, (uint64_t)missed);
			t->expires = next;
		}
		t->seq = ++m->seq;
	}
	t->overrun_last = t->overrun;
	t->overrun = 0;
	info->overrun = t->overrun_last;
}

/* The lowest signal of `allowed` pending in one set, its oldest instance;
 * 0 if none. */
static int dequeue_set(struct model *m, int set, uint64_t allowed, struct ks_info *info)
{
	uint64_t ready = set_pending(m, set) & allowed;
	struct m_entry e;
	int signo;

	if (!ready)
		return 0;
	signo = __builtin_ctzll(ready) + 1;
	for (int i = 0;; i++) {
		if (m->queue[i].set != set || m->queue[i].signo != signo)
			continue;
		e = queue_take(m, i);
		break;
	}
	memset(info, 0, sizeof(*info));
	info->signo = signo;
	info->code = e.code;
	if (e.timer_id) {
		struct m_timer *t = m_find(m, e.timer_id);

		info->timer_id = t->id;
		info->value = t->value;
		on_deliver(m, t, info);
	}
	return signo;
}

/* A thread takes a signal: its own first, then its process's (Linux). */
static int dequeue(struct model *m, int thread, uint64_t allowed, struct ks_info *info)
{
	int signo = dequeue_set(m, KS_SET_THREAD0 + thread, allowed, info);

	return signo ? signo : dequeue_set(m, KS_SET_PROCESS, allowed, info);
}

static void delete_timer(struct model *m, struct m_timer *t)
{
	int i = (int)(t - m->timers);

	signal_withdraw(m, t);
	memmove(&m->timers[i], &m->timers[i + 1], (size_t)(m->ntimers - i - 1) * sizeof(*t));
	m->ntimers--;
}

/*
 * The second thread ends: the timers on its CPU time stop for good, those
 * aimed at it lose their target (and a signal of theirs that waits), its
 * own pending signals go, its CPU time stays in its process's.
 */
static void thread1_ends(struct model *m)
{
	for (int i = 0; i < m->ntimers; i++) {
		struct m_timer *t = &m->timers[i];

		if (t->cpu_task == KS_CPU_THREAD1) {
			t->cpu_task = KS_CPU_GONE;
			t->armed = false;
		}
		if (t->target == KS_TO_THREAD1) {
			/* a periodic timer whose signal waited is out of its queue,
			 * and now no delivery will put it back */
			t->lost = t->where != KS_IDLE;
			signal_withdraw(m, t);
			t->target = KS_TO_ENDED;
		}
	}
	for (int i = 0; i < m->nqueue; i++)
		if (m->queue[i].set == KS_SET_THREAD1)
			queue_take(m, i--);
	m->dead_cpu += m->thread[1].cpu;
	m->thread[1] = (struct m_thread){0};
}

/* The process dies; a fresh one (one thread, no timers, nothing pending,
 * every action SIG_DFL, nothing blocked, no CPU time) takes its place, of
 * the same pid.  Ids go on. */
static void process_restart(struct model *m)
{
	while (m->ntimers)
		delete_timer(m, &m->timers[0]);
	m->nqueue = 0;
	m->plain_count = 0;
	m->nparked = 0;
	memset(m->action, 0, sizeof(m->action));
	m->thread[0] = (struct m_thread){true, m->pid, 0, 0};
	m->thread[1] = (struct m_thread){0};
	m->dead_cpu = 0;
}

static bool default_terminates(int signo)
{
	return !default_ignores(signo) && signo != SIGSTOP && signo != SIGTSTP &&
	       signo != SIGTTIN && signo != SIGTTOU;
}

int m_deliver(struct model *m, int thread, struct ks_info *info, int *action)
{
	int signo = dequeue(m, thread, ~m->thread[thread].blocked, info);

	if (!signo)
		return 0;
	if (m->action[signo] == KS_HANDLER) {
		*action = KS_HANDLER;
	} else if (m->action[signo] == KS_IGN || !default_terminates(signo)) {
		*action = KS_IGN;
	} else {
		*action = KS_DFL;
		process_restart(m);
	}
	return signo;
}

int m_sigtimedwait(struct model *m, int thread, uint64_t set, struct ks_info *info)
{
	return dequeue(m, thread, set & ~(SIGBIT(SIGKILL) | SIGBIT(SIGSTOP)), info);
}

long m_sigaction(struct model *m, int signo, int action)
{
	bool was_ignored;

	if (signo < 1 || signo > KS_NSIG || signo == SIGKILL || signo == SIGSTOP)
		return -EINVAL;
	was_ignored = m_ignores(m, signo);
	m->action[signo] = action;
	if (m_ignores(m, signo)) {
		/* POSIX: the pending instances go, in the process's set and each
		 * thread's; a periodic timer's is parked */
		for (int set = 0; set < KS_SETS; set++)
			for (int i = 0; i < m->nqueue; i++) {
				struct m_entry e = m->queue[i];
				struct m_timer *t = e.timer_id ? m_find(m, e.timer_id) : NULL;

				if (e.set != set || e.signo != signo)
					continue;
				queue_take(m, i--);
				if (t && t->park_if_ignored) {
					m->parked[m->nparked++] = t->id;
					t->where = KS_PARKED;
				} else if (t) {
					t->where = KS_IDLE;
				}
			}
	} else if (was_ignored) {
		/*
		 * The parked timers of signo queue again, in the order they were
		 * parked.  (Linux 6.13 unparks in the reverse order, and only when
		 * the old action was SIG_IGN, not a SIG_DFL that ignored: a timer
		 * parked on SIGCHLD's default then stays parked for good.)
		 */
		for (int i = 0; i < m->nparked; i++) {
			struct m_timer *t = m_find(m, m->parked[i]);

			if (t->signo != signo)
				continue;
			parked_take(m, i--);
			queue_append(m, target_set(t), signo, t->id, SI_TIMER);
			t->where = KS_QUEUED;
		}
	}
	return 0;
}

void m_sigprocmask(struct model *m, int by, int how, uint64_t set)
{
	uint64_t *blocked = &m->thread[by].blocked;

	set &= ~(SIGBIT(SIGKILL) | SIGBIT(SIGSTOP));
	if (how == SIG_BLOCK)
		*blocked |= set;
	else if (how == SIG_UNBLOCK)
		*blocked &= ~set;
	else
		*blocked = set;
}

static long send_plain(struct model *m, int set, int signo)
{
	if (signo < 1 || signo > KS_NSIG)
		return -EINVAL;
	if (!(blocked_for(m, set) & SIGBIT(signo)) && m_ignores(m, signo))
		return 0; /* discarded */
	if (signo < 32 && (set_pending(m, set) & SIGBIT(signo)))
		return 0; /* a standard signal is pending once */
	queue_append(m, set, signo, 0, SI_USER);
	return 0;
}

long m_kill(struct model *m, int signo)
{
	return send_plain(m, KS_SET_PROCESS, signo);
}

long m_tkill(struct model *m, int thread, int signo)
{
	return send_plain(m, KS_SET_THREAD0 + thread, signo);
}

void m_exec(struct model *m)
{
	if (m->thread[1].alive)
		thread1_ends(m);
	while (m->ntimers)
		delete_timer(m, &m->timers[0]);
	for (int i = 1; i <= KS_NSIG; i++)
		if (m->action[i] == KS_HANDLER)
			m->action[i] = KS_DFL;
}

void m_thread_create(struct model *m)
{
	m->thread[1] = (struct m_thread){true, m->next_pid++, 0, m->thread[0].blocked};
}

void m_thread_exit(struct model *m)
{
	thread1_ends(m);
}

/* The other process exits: the timers on its CPU time stop for good (their
 * signal, if one waits, stays); a new process takes its place. */
void m_other_exit(struct model *m)
{
	for (int i = 0; i < m->ntimers; i++)
		if (m->timers[i].cpu_task == KS_CPU_OTHER) {
			m->timers[i].cpu_task = KS_CPU_GONE;
			m->timers[i].armed = false;
		}
	m->other_pid = m->next_pid++;
	m->other_cpu = 0;
}

/* ---- the timer calls ------------------------------------------------------------ */

static bool clock_has_no_timers(int id)
{
	return id == CLOCK_MONOTONIC_RAW || id == CLOCK_REALTIME_COARSE ||
	       id == CLOCK_MONOTONIC_COARSE || id == CLOCK_REALTIME_ALARM ||
	       id == CLOCK_BOOTTIME_ALARM;
}

static bool clock_is_wall(int id)
{
	return id == CLOCK_REALTIME || id == CLOCK_TAI;
}

static bool clock_is_cputime(int id)
{
	return id == CLOCK_PROCESS_CPUTIME_ID || id == CLOCK_THREAD_CPUTIME_ID || id < 0;
}

/* The thread of the process of this tid, or -1. */
static int thread_of_tid(const struct model *m, int tid)
{
	for (int i = 0; i < KS_THREADS; i++)
		if (m->thread[i].alive && m->thread[i].tid == tid)
			return i;
	return -1;
}

/*
 * Whose CPU time a CPU-time clock id counts, for a call by thread `by`:
 * KS_CPU_NONE if none the caller may look at.  Linux's encoding: ~pid << 3
 * | which, | 4 for a thread's clock, which is reachable from its own
 * process only; pid 0 is the caller('s process).
 */
static int cpu_clock_task(const struct model *m, int by, int id)
{
	int pid, th;

	if (id == CLOCK_PROCESS_CPUTIME_ID)
		return KS_CPU_PROCESS;
	if (id == CLOCK_THREAD_CPUTIME_ID)
		return KS_CPU_THREAD0 + by;
	if ((id & 3) >= 3) /* CPUCLOCK_WHICH >= CPUCLOCK_MAX */
		return KS_CPU_NONE;
	pid = ~(id >> 3);
	if (id & 4) {
		th = pid ? thread_of_tid(m, pid) : by;
		return th < 0 ? KS_CPU_NONE : KS_CPU_THREAD0 + th;
	}
	if (pid == 0 || pid == m->pid)
		return KS_CPU_PROCESS;
	return pid == m->other_pid ? KS_CPU_OTHER : KS_CPU_NONE;
}

long m_timer_create(struct model *m, int by, int clockid, const struct ks_sigevent *ev, int ev_ptr,
		    int id_ptr, int *id)
{
	struct m_timer t;
	int to_thread = -1;

	/* Linux's order: the sigevent is read first; then the clock; then
	 * the sigevent's sense; the id pointer; only then a CPU-time clock's
	 * process is looked for. */
	if (ev_ptr == KS_PTR_BAD)
		return -EFAULT;
	if (clock_has_no_timers(clockid))
		return -EOPNOTSUPP;
	if (!clock_is_wall(clockid) && clockid != CLOCK_MONOTONIC && clockid != CLOCK_BOOTTIME &&
	    !clock_is_cputime(clockid))
		return -EINVAL;
	if (ev_ptr == KS_PTR_OK) {
		switch (ev->notify) {
		case SIGEV_NONE:
			break;
		case SIGEV_SIGNAL:
		case SIGEV_THREAD:
		case SIGEV_THREAD_ID:
			if (ev->signo < 1 || ev->signo > KS_NSIG)
				return -EINVAL;
			if (ev->notify != SIGEV_THREAD_ID)
				break;
			to_thread = thread_of_tid(m, ev->tid); /* a live thread of the process */
			if (to_thread < 0)
				return -EINVAL;
			break;
		default:
			return -EINVAL;
		}
	}
	if (id_ptr != KS_PTR_OK)
		return -EFAULT;
	if (clock_is_cputime(clockid) && cpu_clock_task(m, by, clockid) == KS_CPU_NONE)
		return -EINVAL;

	memset(&t, 0, sizeof(t));
	t.id = m->last_id + 1;
	while (m_find(m, t.id))
		t.id++;
	m->last_id = t.id;
	t.clockid = clockid;
	if (ev_ptr == KS_PTR_OK) {
		t.notify = ev->notify == SIGEV_NONE ? SIGEV_NONE : SIGEV_SIGNAL;
		t.signo = ev->signo;
		t.value = ev->value;
	} else { /* POSIX: SIGEV_SIGNAL, SIGALRM, the id as value */
		t.notify = SIGEV_SIGNAL;
		t.signo = SIGALRM;
		t.value = t.id;
	}
	t.target = to_thread < 0 ? KS_TO_PROCESS : KS_TO_THREAD0 + to_thread;
	t.base = clock_is_cputime(clockid) ? KS_BASE_CPU : KS_BASE_MONO;
	t.cpu_task = clock_is_cputime(clockid) ? cpu_clock_task(m, by, clockid) : KS_CPU_NONE;
	t.where = KS_IDLE;
	m->timers[m->ntimers++] = t; /* ids grow: the array stays sorted */
	*id = t.id;
	return 0;
}

static struct m_timer *lookup(struct model *m, int by, int id)
{
	return by == KS_OTHER ? NULL : m_find(m, id); /* another process's id is not found */
}

static bool timespec_ok(const struct ks_timespec *ts)
{
	return ts->nsec >= 0 && ts->nsec < (int64_t)NS && ts->sec >= 0;
}

static uint64_t timespec_ns(const struct ks_timespec *ts)
{
	return clamp_u64((s128)ts->sec * NS + ts->nsec);
}

static void ns_timespec(uint64_t ns, struct ks_timespec *ts)
{
	ts->sec = (int64_t)(ns / NS);
	ts->nsec = (int64_t)(ns % NS);
}

/*
 * timer_gettime's answer: the time left (never 0 while armed, except for a
 * SIGEV_NONE one-shot whose time has come) and the interval.  A periodic
 * timer whose signal waits, or that has nobody to signal (its thread
 * ended), reads as running on: its next period after now.
 */
static void timer_read(const struct model *m, const struct m_timer *t, struct ks_timespec cur[2])
{
	uint64_t left = 0;

	if (t->armed) {
		uint64_t now = base_now(m, t), next = t->expires;

		if (t->interval &&
		    (t->notify == SIGEV_NONE || t->where != KS_IDLE || t->target == KS_TO_ENDED))
			forward(t->expires, t->interval, now, &next);
		if (next > now)
			left = next - now;
		else
			left = t->notify == SIGEV_NONE && !t->interval ? 0 : 1;
	}
	ns_timespec(left, &cur[0]);
	ns_timespec(t->interval, &cur[1]);
}

long m_timer_settime(struct model *m, int by, int id, int flags, int new_ptr,
		     const struct ks_timespec *value, const struct ks_timespec *interval,
		     int old_ptr, struct ks_timespec old[2])
{
	struct m_timer *t;
	uint64_t v;

	if (new_ptr == KS_PTR_NULL)
		return -EINVAL;
	if (new_ptr == KS_PTR_BAD)
		return -EFAULT;
	if (!timespec_ok(value) || !timespec_ok(interval))
		return -EINVAL;
	t = lookup(m, by, id);
	if (!t)
		return -EINVAL;
	if (old_ptr == KS_PTR_BAD)
		return -EFAULT;
	if (t->cpu_task == KS_CPU_GONE)
		return -ESRCH; /* the thread or process whose CPU time it counted is gone */
	if (old_ptr == KS_PTR_OK)
		timer_read(m, t, old);

	signal_withdraw(m, t);
	t->armed = false;
	t->lost = false;
	t->overrun = 0;
	t->overrun_last = 0;
	v = timespec_ns(value);
	/* Linux: a timer disarmed has no interval either (timer_gettime says 0) */
	t->interval = v ? timespec_ns(interval) : 0;
	t->park_if_ignored = t->interval != 0;
	if (v) {
		if (((flags & TIMER_ABSTIME) && clock_is_wall(t->clockid)) ||
		    t->clockid == CLOCK_TAI) {
			/* Linux: a CLOCK_TAI timer stays on TAI even when relative
			 * (only REALTIME's relative ones become MONOTONIC) */
			t->base = t->clockid == CLOCK_TAI ? KS_BASE_TAI : KS_BASE_REAL;
			t->expires = (flags & TIMER_ABSTIME) ? v : clamp_u64((s128)base_now(m, t) + v);
		} else {
			if (t->base == KS_BASE_REAL || t->base == KS_BASE_TAI)
				t->base = KS_BASE_MONO; /* relative: an interval, not a wall time */
			t->expires =
			    (flags & TIMER_ABSTIME) ? v : clamp_u64((s128)base_now(m, t) + v);
		}
		t->armed = true;
		t->seq = ++m->seq;
	}
	return 0;
}

long m_timer_gettime(struct model *m, int by, int id, int ptr, struct ks_timespec cur[2])
{
	struct m_timer *t = lookup(m, by, id);

	if (!t)
		return -EINVAL;
	if (ptr != KS_PTR_OK)
		return -EFAULT;
	timer_read(m, t, cur);
	return 0;
}

long m_timer_getoverrun(struct model *m, int by, int id)
{
	struct m_timer *t = lookup(m, by, id);

	return t ? t->overrun_last : -EINVAL;
}

long m_timer_delete(struct model *m, int by, int id)
{
	struct m_timer *t = lookup(m, by, id);

	if (!t)
		return -EINVAL;
	delete_timer(m, t);
	return 0;
}

/* ---- the view the harness compares --------------------------------------------- */

void m_view(const struct model *m, struct ks_state *s)
{
	memset(s, 0, sizeof(*s));
	s->mono = m->mono;
	s->rt_off = m->rt_off;
	s->tai_off_sec = m->tai_off_sec;
	s->process_cpu = process_cpu(m);
	s->other_cpu = m->other_cpu;
	s->other_pid = m->other_pid;
	for (int i = 0; i < KS_THREADS; i++)
		if (m->thread[i].alive) {
			s->thread[i].alive = true;
			s->thread[i].tid = m->thread[i].tid;
			s->thread[i].cpu = m->thread[i].cpu;
			s->thread[i].blocked = m->thread[i].blocked;
		}
	memcpy(s->action, m->action, sizeof(s->action));
	s->ntimers = m->ntimers;
	for (int i = 0; i < m->ntimers; i++) {
		const struct m_timer *t = &m->timers[i];
		struct ks_timer *k = &s->timers[i];

		k->id = t->id;
		k->clockid = t->clockid;
		k->notify = t->notify;
		k->signo = t->signo;
		k->value = t->value;
		k->target = t->target;
		k->armed = t->armed;
		k->base = t->base;
		k->cpu_task = t->cpu_task;
		k->expires = t->expires;
		k->interval = t->interval;
		k->overrun = t->overrun;
		k->overrun_last = t->overrun_last;
		k->where = t->where;
		k->park_if_ignored = t->park_if_ignored;
		k->in_queue = waiting(t);
		k->queue_expires = waiting(t) ? t->expires : 0;
	}
	for (int set = 0; set < KS_SETS; set++) {
		s->pending[set] = set_pending(m, set);
		for (int signo = 1; signo <= KS_NSIG; signo++)
			for (int i = 0; i < m->nqueue; i++)
				if (m->queue[i].set == set && m->queue[i].signo == signo)
					s->entries[s->nentries++] = (struct ks_entry){
					    set, signo, m->queue[i].timer_id, m->queue[i].code};
	}
	s->nparked = m->nparked;
	memcpy(s->parked, m->parked, sizeof(int) * (size_t)m->nparked);
	s->timer_objects = m->ntimers;
	s->sigqueue_objects = m->plain_count;
}
