/*
 * POSIX per-process timers: timer_create, timer_settime, timer_gettime,
 * timer_getoverrun, timer_delete (system calls 254..258).
 *
 * A timer is a struct posix_timer from a slab cache, found by its id in one
 * id allocator shared by all processes; every lookup checks that the timer
 * belongs to the caller (another process's id is -EINVAL, as if it did not
 * exist: the 2002 patch forgot this check).
 *
 * The Linux 6.13 model of signals and overruns:
 *  - a timer owns one preallocated signal entry, so it has at most one
 *    signal queued and expiring never allocates in the interrupt;
 *  - a periodic timer is NOT re-armed in the interrupt that queues its
 *    signal; it is re-armed when the signal is delivered (handler,
 *    sigwaitinfo, sigtimedwait), and the periods missed meanwhile are
 *    counted by one division (lib/ktime.h) into si_overrun;
 *  - a periodic timer whose signal is ignored is parked by the signal layer
 *    (its entry on the task's one ignored list, kernel/signal/signal.h);
 *    when the action changes from ignore, one signal is queued that carries
 *    the overrun;
 *  - timer_settime and timer_delete discard a signal still queued.
 */
#ifndef TICK386_KERNEL_POSIX_TIMERS_H
#define TICK386_KERNEL_POSIX_TIMERS_H

#include "kernel/time/ktimer.h"
#include "lib/list.h"
#include "lib/timerqueue.h"
#include "lib/types.h"

struct task;

/* The timers on one CPU-time clock: a thread's or a process's. */
struct cpu_timer_base {
	struct list_head timers; /* every POSIX timer on this clock: cpu_link */
	struct timerq queue;	 /* the armed ones (and itimers), by CPU ns used */
	struct ktimer ktimer;	 /* the earliest of them, while the clock runs */
	struct task *task;	 /* whose clock: the thread, or the process's leader */
	bool thread;		 /* the thread's clock, else the process's */
};

/* Per-task state, embedded in struct task. */
struct posix_timers_task {
	struct list_head timers;	 /* [process] struct posix_timer.owner_link */
	struct cpu_timer_base thread_cpu;  /* on this thread's CPU time */
	struct cpu_timer_base process_cpu; /* [process] on the process's CPU time */
};

/*
 * The task whose CPU time a CPU-time clock id counts, or NULL (interrupts
 * off while the result is used), and in *thread whether the clock is that
 * thread's (else its process's, and the task returned is the leader):
 * CLOCK_PROCESS_CPUTIME_ID is the caller's process, CLOCK_THREAD_CPUTIME_ID
 * the calling thread; a negative id is Linux's encoding of another
 * process's or thread's (include/abi/time.h), with Linux's rule that a
 * thread's clock is reachable from its own process only.  NULL also for
 * ids that are no CPU-time clock.
 */
struct task *posix_cpu_clock_task(clockid_t id, bool *thread);
/* What that clock reads now. */
u64 posix_cpu_clock_ns(struct task *t, bool thread);

void posix_timers_init(void);
void posix_timers_task_init(struct task *t);

/* Delete every timer of a process that is exiting (or exec'ing): t its leader. */
void posix_timers_task_exit(struct task *t);
/* A process is exiting: the timers (of any process) on its CPU time stop
 * for good, their process gone, as Linux's posix_cpu_timers_exit. */
void posix_cputimers_process_exit(struct task *leader);
/* A thread is ending: the timers on its CPU time stop the same way, and
 * those aimed at it (SIGEV_THREAD_ID) lose their target: their signals
 * are dropped from then on, as Linux drops a signal for a thread gone. */
void posix_timers_thread_exit(struct task *t);

/*
 * Another timer on the CPU time of t's process (an itimer,
 * kernel/time/itimer.c): arm node at cpu_ns of it, or disarm it.  Its expiry is told to
 * itimer_cpu_expired.  Interrupts off.
 */
void posix_cputimers_arm_node(struct task *t, struct timerq_node *node, u64 cpu_ns);
void posix_cputimers_disarm_node(struct task *t, struct timerq_node *node);

/*
 * The scheduler's context switch (interrupts off), before next runs and
 * while prev is still current, its CPU time read up to now: the ktimer of
 * prev's CPU-time timers is cancelled (unless an expiry has come: then it
 * fires at the next interrupt) and next's armed for its earliest CPU-time
 * expiry (kernel/time/posix_cputimers.c).
 */
void posix_cputimers_switch(struct task *prev, struct task *next);

/*
 * What /proc shows of one timer (kernel/time/posix_timers_info.c).
 * expires_ns and left_ns are on the timer's clock base: CLOCK_MONOTONIC
 * ns (relative timers), CLOCK_REALTIME ns (absolute realtime ones) or the
 * owner's CPU ns; left_ns is 0 when disarmed.
 */
struct posix_timer_info {
	int id;
	int clockid;
	int notify; /* SIGEV_SIGNAL, SIGEV_NONE, SIGEV_THREAD_ID */
	int signo;
	void *sival_ptr;
	int target_pid;
	bool armed;
	bool signal_queued; /* its one signal is queued (or parked while ignored) */
	int overrun;	    /* the si_overrun that signal would carry if taken now */
	const char *base;   /* "monotonic", "realtime", "cputime" (static strings) */
	u64 expires_ns, left_ns, interval_ns;
	bool in_clock_queue; /* armed in a ktimer queue (else: CPU time, SIGEV_NONE, waiting) */
};

/*
 * A timer as /proc shows it, with its owner's pid and name: a copy taken
 * with interrupts off, holding no pointer into the timer, so that the text
 * can be made afterwards, with interrupts on, whatever became of it.
 */
#define POSIX_TIMER_OWNER_NAME 16
struct posix_timer_record {
	struct posix_timer_info info;
	int owner_pid;
	char owner_name[POSIX_TIMER_OWNER_NAME];
};

/*
 * One step of a walk over the POSIX timers by id, for /proc: with
 * interrupts off, looks at no more than max timers from id *next_id on
 * (every process's ids are one space), copies those of process pid (0:
 * every process) into out[], and moves *next_id past the last it looked
 * at; -1 once none is left.  Returns how many it copied.  A timer deleted
 * between steps is simply not met; one made meanwhile is met if its id is
 * ahead.  Bounded: max ids per step, however many timers there are.
 */
int posix_timers_walk_step(int pid, int *next_id, struct posix_timer_record *out, int max);

/* If kt is a POSIX timer's, its record (interrupts off): true; else false. */
bool posix_timer_record_of_ktimer(const struct ktimer *kt, struct posix_timer_record *r);

/* Memory figures for the scale test and the benchmarks. */
struct posix_timers_stats {
	unsigned long timers;	   /* in existence, all tasks */
	unsigned long peak_timers; /* the most at once since boot */
	unsigned long timer_bytes; /* size of one struct posix_timer */
	unsigned long peak_bytes;  /* timer cache pages + id layers at that peak */
};
void posix_timers_get_stats(struct posix_timers_stats *s);

/*
 * One console line with those figures (printed when init ends):
 * "tick386: posix timers: now N, peak P, B bytes each at the peak (S B struct)"
 */
void posix_timers_report(void);

#endif
