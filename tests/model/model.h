/*
 * A reference model of POSIX per-process timers and their signals, written
 * for tests/model to be obviously right rather than fast: arrays walked
 * from end to end, 128-bit arithmetic where a sum could overflow, no
 * queue structure but "the earliest due, then the oldest armed".
 *
 * What it models (Linux 6.13's behaviour, which tick386 follows; where
 * Linux and tick386 differ on purpose the comment says so):
 *  - a timer: armed or not, its expiry on one clock base (MONOTONIC for
 *    relative timers and the monotonic clocks, REALTIME or TAI for absolute
 *    ones on those clocks, the process's CPU time), its interval, where its
 *    one signal is (nowhere, queued, parked), the overruns counted since
 *    that signal was queued and those of the last one delivered;
 *  - the process: actions, blocked set, the queue of pending signals in
 *    order (a timer's entry or a plain kill), the parked timers in order;
 *  - time: MONOTONIC advancing, REALTIME = MONOTONIC + an offset that
 *    clock_settime moves, TAI = REALTIME + whole seconds, CPU time advancing
 *    with MONOTONIC while the process runs, and the other process's while
 *    it sleeps (timers may count another process's CPU time).
 *
 * The calls answer as the kernel's do (0 / -errno / values), so that the
 * harness compares results as well as states.
 */
#ifndef TICK386_TESTS_MODEL_MODEL_H
#define TICK386_TESTS_MODEL_MODEL_H

#include "tests/model/kshim.h"

struct m_timer {
	int id, clockid, notify, signo, value;
	bool armed;
	int base;     /* enum ks_base */
	int cpu_task; /* enum ks_cpu_task */
	uint64_t expires, interval;
	uint64_t seq; /* when it was last armed: FIFO among equal expiries */
	int overrun, overrun_last;
	int where; /* enum ks_where */
	bool park_if_ignored;
};

struct m_entry {
	int signo, timer_id, code;
};

struct model {
	uint64_t mono, cpu, other_cpu; /* the other process runs while this one sleeps */
	int64_t rt_off, tai_off_sec;
	int pid, other_pid;
	uint64_t blocked;
	int action[KS_NSIG + 1];
	int ntimers; /* by id */
	struct m_timer timers[KS_MAX_TIMERS];
	int nqueue; /* every pending instance, in the order they came */
	struct m_entry queue[KS_MAX_ENTRIES];
	int nparked; /* timer ids, in the order they were parked */
	int parked[KS_MAX_TIMERS];
	int last_id;	  /* ids are handed out after the last one given */
	uint64_t seq;	  /* arming counter */
	long plain_count; /* queued plain instances (allocated entries) */
};

void m_init(struct model *m, uint64_t mono, int64_t rt_off, int64_t tai_off_sec, int pid,
	    int other_pid);

long m_timer_create(struct model *m, int clockid, const struct ks_sigevent *ev, int ev_ptr,
		    int id_ptr, int *id);
long m_timer_settime(struct model *m, bool other, int id, int flags, int new_ptr,
		     const struct ks_timespec *value, const struct ks_timespec *interval, int old_ptr,
		     struct ks_timespec old[2]);
long m_timer_gettime(struct model *m, bool other, int id, int ptr, struct ks_timespec cur[2]);
long m_timer_getoverrun(struct model *m, bool other, int id);
long m_timer_delete(struct model *m, bool other, int id);

long m_sigaction(struct model *m, int signo, int action);
void m_sigprocmask(struct model *m, int how, uint64_t set);
long m_kill(struct model *m, int signo);
int m_deliver(struct model *m, struct ks_info *info, int *action);
int m_sigtimedwait(struct model *m, uint64_t set, struct ks_info *info);
void m_exec(struct model *m);
void m_other_exit(struct model *m);

void m_advance(struct model *m, uint64_t target, bool running, uint64_t stop_mask);
void m_clock_set(struct model *m, uint64_t realtime_ns);
void m_tai_set(struct model *m, int64_t tai_off_sec);

/* The signals with an instance queued. */
uint64_t m_pending(const struct model *m);
/* The earliest monotonic time a timer waiting in a queue is due (running:
 * CPU-time timers count), UINT64_MAX if none. */
uint64_t m_next_due(const struct model *m, bool running);
/* The model's state as the shim reports the kernel's. */
void m_view(const struct model *m, struct ks_state *s);
struct m_timer *m_find(struct model *m, int id);
/* Whether the action of signo discards it (SIG_IGN, or SIG_DFL ignoring). */
bool m_ignores(const struct model *m, int signo);

#endif
