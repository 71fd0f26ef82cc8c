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
 *    ones on those clocks, a CPU-time clock), its interval, whom its signal
 *    is for (the process, or one thread: SIGEV_THREAD_ID), where that one
 *    signal is (nowhere, queued, parked), the overruns counted since it was
 *    queued and those of the last one delivered;
 *  - the process: its actions, its threads (one or two), each with its
 *    mask and its own pending signals, the process's pending signals, all
 *    in the order they came, the parked timers in order;
 *  - time: MONOTONIC advancing, REALTIME = MONOTONIC + an offset that
 *    clock_settime moves, TAI = REALTIME + whole seconds; the CPU time of
 *    whoever runs (a thread of the process, or the other process while the
 *    process sleeps) advancing with MONOTONIC.
 *
 * The calls answer as the kernel's do (0 / -errno / values), so that the
 * harness compares results as well as states.
 */
#ifndef TICK386_TESTS_MODEL_MODEL_H
#define TICK386_TESTS_MODEL_MODEL_H

#include "tests/model/kshim.h"

struct m_timer {
	int id, clockid, notify, signo, value;
	int target; /* enum ks_target */
	bool armed;
	int base;     /* enum ks_base */
	int cpu_task; /* enum ks_cpu_task */
	uint64_t expires, interval;
	uint64_t seq; /* when it was last armed: FIFO among equal expiries */
	int overrun, overrun_last;
	int where; /* enum ks_where */
	bool park_if_ignored;
	bool lost; /* out of its queue for good: its thread ended while its
		    * signal waited, or it fired after */
};

struct m_entry {
	int set; /* enum ks_set */
	int signo, timer_id, code;
};

struct m_thread {
	bool alive;
	int tid;
	uint64_t cpu, blocked;
};

struct model {
	uint64_t mono;
	int64_t rt_off, tai_off_sec;
	int pid, other_pid, next_pid;
	struct m_thread thread[KS_THREADS];
	uint64_t dead_cpu;  /* CPU time of the process's threads that ended */
	uint64_t other_cpu; /* the other process's CPU time */
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

long m_timer_create(struct model *m, int by, int clockid, const struct ks_sigevent *ev, int ev_ptr,
		    int id_ptr, int *id);
long m_timer_settime(struct model *m, int by, int id, int flags, int new_ptr,
		     const struct ks_timespec *value, const struct ks_timespec *interval,
		     int old_ptr, struct ks_timespec old[2]);
long m_timer_gettime(struct model *m, int by, int id, int ptr, struct ks_timespec cur[2]);
long m_timer_getoverrun(struct model *m, int by, int id);
long m_timer_delete(struct model *m, int by, int id);

long m_sigaction(struct model *m, int signo, int action);
void m_sigprocmask(struct model *m, int by, int how, uint64_t set);
long m_kill(struct model *m, int signo);
long m_tkill(struct model *m, int thread, int signo);
int m_deliver(struct model *m, int thread, struct ks_info *info, int *action);
int m_sigtimedwait(struct model *m, int thread, uint64_t set, struct ks_info *info);
void m_exec(struct model *m);
void m_thread_create(struct model *m);
void m_thread_exit(struct model *m);
void m_other_exit(struct model *m);

void m_advance(struct model *m, uint64_t target, int who, int stop_thread, uint64_t stop_mask);
/* After each call, `who` running: a deadline already past (an absolute
 * time, or a CPU-time clock that starts running) fires now. */
void m_settle(struct model *m, int who);
/* Set by `by`, who runs when the wall-clock timers that became due fire. */
void m_clock_set(struct model *m, int by, uint64_t realtime_ns);
void m_tai_set(struct model *m, int by, int64_t tai_off_sec);

/* The signals a thread has pending: its own and its process's. */
uint64_t m_pending(const struct model *m, int thread);
/* The earliest monotonic time a timer waiting in a queue is due while
 * `who` runs, UINT64_MAX if none. */
uint64_t m_next_due(const struct model *m, int who);
/* The model's state as the shim reports the kernel's. */
void m_view(const struct model *m, struct ks_state *s);
struct m_timer *m_find(struct model *m, int id);
/* "Now" on the clock a timer's expiry is kept on. */
uint64_t m_timer_now(const struct model *m, const struct m_timer *t);
/* Whether the action of signo discards it (SIG_IGN, or SIG_DFL ignoring). */
bool m_ignores(const struct model *m, int signo);

#endif
