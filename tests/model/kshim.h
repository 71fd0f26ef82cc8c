/*
 * The kernel under test, seen from the host harness of tests/model.
 *
 * kshim.c is built like the kernel (freestanding, the tree's headers, the
 * real kernel/time and kernel/signal files beside it, unmodified) and is the
 * one place that knows struct task and the kernel's internals; the harness
 * (model.c, run.c) is built against the host's C library and sees only this
 * header: plain integers, no kernel type.  Numbers (clock ids, SIGEV_*,
 * SI_*, errno) are Linux's on both sides.
 *
 * The shim stands in for what the files under test call but do not own: the
 * clock (a monotonic counter the harness moves, REALTIME an offset from it),
 * the clock event device (one programmed deadline, fired by ks_advance as
 * the PIT's IRQ 0 would be), interrupts (a flag), the scheduler (who runs),
 * the tasks: the process under test, of one or two threads, and another
 * process that runs while it sleeps, the slab caches (malloc, counted), user
 * memory (host pointers; a pointer below 4096 faults).
 *
 * Threads are named by their index: 0 the process's first thread (its
 * leader, pid ks_pid()), 1 the second one while it exists.  KS_OTHER in
 * their place means the other process.
 */
#ifndef TICK386_TESTS_MODEL_KSHIM_H
#define TICK386_TESTS_MODEL_KSHIM_H

#include <stdbool.h>
#include <stdint.h>

#define KS_MAX_TIMERS 64
#define KS_MAX_ENTRIES 512
#define KS_NSIG 64
#define KS_THREADS 2
#define KS_OTHER 2 /* the other process, where a thread index is expected */

/* Where a timer's one signal is: nowhere, on a queue, parked (ignored). */
enum ks_where { KS_IDLE, KS_QUEUED, KS_PARKED };
/* The clock a timer's expiry is kept on. */
enum ks_base { KS_BASE_MONO, KS_BASE_REAL, KS_BASE_TAI, KS_BASE_CPU };
enum ks_action { KS_DFL, KS_IGN, KS_HANDLER };
/* Whose CPU time a CPU-time timer counts. */
enum ks_cpu_task {
	KS_CPU_NONE,	/* not a CPU-time timer */
	KS_CPU_PROCESS, /* the process's (all its threads') */
	KS_CPU_THREAD0, /* a thread's */
	KS_CPU_THREAD1,
	KS_CPU_OTHER, /* the other process's */
	KS_CPU_GONE,  /* that thread or process has ended */
};
/* Who a timer's signal is for. */
enum ks_target { KS_TO_PROCESS, KS_TO_THREAD0, KS_TO_THREAD1, KS_TO_ENDED };
/* The sets of pending signals: the process's, each thread's own. */
enum ks_set { KS_SET_PROCESS, KS_SET_THREAD0, KS_SET_THREAD1, KS_SETS };
/* A user pointer as the harness asks for it. */
enum ks_ptr { KS_PTR_OK, KS_PTR_NULL, KS_PTR_BAD };

struct ks_timer {
	int id, clockid, notify, signo, value; /* value: sival_int */
	int target;			       /* enum ks_target */
	bool armed;
	int base;
	int cpu_task; /* enum ks_cpu_task */
	uint64_t expires, interval;
	int overrun, overrun_last;
	int where;
	bool park_if_ignored;
	bool in_queue;		/* waiting in a ktimer queue or its CPU-time queue */
	uint64_t queue_expires; /* the node's expiry there */
};

struct ks_entry {
	int set;
	int signo;
	int timer_id; /* 0: a plain instance (kill, tkill) */
	int code;     /* si_code */
};

struct ks_thread {
	bool alive;
	int tid;
	uint64_t cpu, blocked;
};

struct ks_state {
	uint64_t mono, process_cpu, other_cpu;
	int other_pid;
	int64_t rt_off, tai_off_sec; /* REALTIME - MONOTONIC, TAI - REALTIME */
	struct ks_thread thread[KS_THREADS];
	uint64_t pending[KS_SETS];
	int action[KS_NSIG + 1];
	int ntimers; /* by id */
	struct ks_timer timers[KS_MAX_TIMERS];
	int nentries; /* by set, then signal number, each queue in order */
	struct ks_entry entries[KS_MAX_ENTRIES];
	int nparked; /* timer ids, in the order of the ignored list */
	int parked[KS_MAX_TIMERS];
	long timer_objects, sigqueue_objects; /* allocated, not freed */
};

/* A siginfo as it reached the process. */
struct ks_info {
	int signo, code, timer_id, overrun, value;
};

struct ks_timespec {
	int64_t sec, nsec;
};

struct ks_sigevent {
	int notify, signo, value, tid;
};

/* Fresh kernel: the clocks, the process (one thread, pid ks_pid()), the
 * other one (pid ks_other_pid()); new tasks take pids from ks_pid() + 2 up. */
void ks_init(uint64_t mono_ns, int64_t rt_off_ns, int64_t tai_off_sec);
int ks_pid(void);
int ks_other_pid(void);

/*
 * The timer calls, made by thread `by` of the process (KS_OTHER: by the
 * other process).  Every call switches to its caller first, and ends with
 * the interrupt that a deadline already past asks for.
 */
long ks_timer_create(int by, int clockid, const struct ks_sigevent *ev, int ev_ptr, int id_ptr,
		     int *id);
long ks_timer_settime(int by, int id, int flags, int new_ptr, const struct ks_timespec *value,
		      const struct ks_timespec *interval, int old_ptr, struct ks_timespec old[2]);
long ks_timer_gettime(int by, int id, int ptr, struct ks_timespec cur[2]);
long ks_timer_getoverrun(int by, int id);
long ks_timer_delete(int by, int id);

/* Signals of the process. */
long ks_sigaction(int by, int signo, int action);
void ks_sigprocmask(int by, int how, uint64_t set);
long ks_kill(int signo);	      /* to the process, SI_USER from the other one */
long ks_tkill(int thread, int signo); /* to one thread */
/*
 * What the return to user mode of a thread does with one pending signal
 * it does not block: 0 if none; else its number, *info, and *action:
 * KS_HANDLER (a handler ran), KS_IGN (discarded), KS_DFL (the default
 * action killed the process: every thread ended, and a fresh process of
 * one thread took its place, as after fork and exec).
 */
int ks_deliver(int thread, struct ks_info *info, int *action);
/* sigtimedwait's dequeue of one of `set` by a thread (no wait). */
int ks_sigtimedwait(int thread, uint64_t set, struct ks_info *info);
/* execve by thread 0: the other thread ends, the timers go, caught signals
 * back to SIG_DFL. */
void ks_exec(void);
/* clone(CLONE_THREAD) by thread 0: thread 1 starts (it must not exist). */
void ks_thread_create(void);
/* Thread 1 ends (it must exist): the timers on its CPU time stop, those
 * aimed at it lose their target, its own pending signals go. */
void ks_thread_exit(void);
/* The other process exits (the timers on its CPU time stop for good) and
 * a new one takes its place. */
void ks_other_exit(void);

/*
 * Time passes until target (CLOCK_MONOTONIC ns) while `who` runs (a thread
 * of the process, or KS_OTHER: the process sleeps); IRQ 0 comes at each
 * programmed deadline.  Stops early, right after the interrupt that made a
 * signal of stop_mask pending for stop_thread (its own or its process's:
 * a sleep in sigtimedwait).
 */
void ks_advance(uint64_t target, int who, int stop_thread, uint64_t stop_mask);
/* clock_settime(CLOCK_REALTIME): the wall clock jumps, then IRQ 0 may come. */
void ks_clock_set(int by, uint64_t realtime_ns);
/* adjtimex(ADJ_TAI): CLOCK_TAI moves against REALTIME. */
void ks_tai_set(int by, int64_t tai_off_sec);

void ks_snapshot(struct ks_state *s);
/* The kernel's own invariants (signal queues, timer queues, the programmed
 * event, interrupts on): NULL, or what is broken. */
const char *ks_check(void);

/* Provided by the harness: the kernel panicked (BUG_ON). */
void ks_host_panic(const char *msg);

#ifdef KSHIM_KERNEL_SIDE
/*
 * Forced into every kernel file built for the model (-include): instead of
 * arch/i386/cpu.h, whose cli/pushfl cannot run in a host process, the one
 * thing the files under test take from it, a section with interrupts off,
 * is the shim's flag (kshim.c), and ks_check verifies that every call
 * turned interrupts back on.
 */
#define TICK386_ARCH_CPU_H
#include "lib/types.h"
#define EFLAGS_IF (1u << 9)
u32 irq_save(void);
void irq_restore(u32 flags);
void cpu_cli(void);
void cpu_sti(void);
/* clock.h's clock_stamp (the user/system split): the model has no ring 3. */
static inline u64 rdtsc(void)
{
	return 0;
}
#endif

#endif
