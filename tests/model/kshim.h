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
 * the PIT's IRQ 0 would be), interrupts (a flag), two processes (the one
 * under test, and another that runs while it sleeps), the slab caches (malloc,
 * counted), user memory (host pointers; a pointer below 4096 faults).
 */
#ifndef TICK386_TESTS_MODEL_KSHIM_H
#define TICK386_TESTS_MODEL_KSHIM_H

#include <stdbool.h>
#include <stdint.h>

#define KS_MAX_TIMERS 64
#define KS_MAX_ENTRIES 512
#define KS_NSIG 64

/* Where a timer's one signal is: nowhere, on the queue, parked (ignored). */
enum ks_where { KS_IDLE, KS_QUEUED, KS_PARKED };
/* The clock a timer's expiry is kept on. */
enum ks_base { KS_BASE_MONO, KS_BASE_REAL, KS_BASE_TAI, KS_BASE_CPU };
enum ks_action { KS_DFL, KS_IGN, KS_HANDLER };
/* Whose CPU time a CPU-time timer counts. */
enum ks_cpu_task { KS_CPU_NONE, KS_CPU_PROC, KS_CPU_OTHER, KS_CPU_GONE };
/* A user pointer as the harness asks for it. */
enum ks_ptr { KS_PTR_OK, KS_PTR_NULL, KS_PTR_BAD };

struct ks_timer {
	int id, clockid, notify, signo, value; /* value: sival_int */
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
	int signo;
	int timer_id; /* 0: a plain instance (kill) */
	int code;     /* si_code */
};

struct ks_state {
	uint64_t mono, cpu, other_cpu;
	int other_pid;
	int64_t rt_off; /* REALTIME - MONOTONIC */
	uint64_t blocked, pending;
	int action[KS_NSIG + 1];
	int ntimers; /* by id */
	struct ks_timer timers[KS_MAX_TIMERS];
	int nentries; /* by signal number, each signal's queue in order */
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

/* Fresh kernel: the clocks, the process (pid ks_pid()), the other one. */
void ks_init(uint64_t mono_ns, int64_t rt_off_ns, int64_t tai_off_sec);
int ks_pid(void);
int ks_other_pid(void);
/* The other process exits (the timers on its CPU time stop for good) and
 * a new one, of the next pid, takes its place. */
void ks_other_exit(void);

/* The timer calls, made by the process (other: by the other process). */
long ks_timer_create(int clockid, const struct ks_sigevent *ev, int ev_ptr, int id_ptr, int *id);
long ks_timer_settime(bool other, int id, int flags, int new_ptr, const struct ks_timespec *value,
		      const struct ks_timespec *interval, int old_ptr, struct ks_timespec old[2]);
long ks_timer_gettime(bool other, int id, int ptr, struct ks_timespec cur[2]);
long ks_timer_getoverrun(bool other, int id);
long ks_timer_delete(bool other, int id);

/* Signals of the process. */
long ks_sigaction(int signo, int action);
void ks_sigprocmask(int how, uint64_t set);
long ks_kill(int signo); /* SI_USER from the other process */
/*
 * What the return to user mode does with one pending unblocked signal:
 * 0 if none; else its number, *info, and *action: KS_HANDLER (a handler
 * ran), KS_IGN (discarded), KS_DFL (the default action killed the process:
 * it exited, and a fresh process took its place, as after fork and exec).
 */
int ks_deliver(struct ks_info *info, int *action);
/* sigtimedwait's dequeue of one of `set` (no wait). */
int ks_sigtimedwait(uint64_t set, struct ks_info *info);
/* execve: the timers go, caught signals back to SIG_DFL. */
void ks_exec(void);

/*
 * Time passes until target (CLOCK_MONOTONIC ns), the process running (its
 * CPU time passes too) or asleep (the other process runs instead); IRQ 0
 * comes at each programmed deadline.
 * Stops early, right after the interrupt that made a signal of stop_mask
 * pending (a sleep in sigtimedwait).
 */
void ks_advance(uint64_t target, bool running, uint64_t stop_mask);
/* clock_settime(CLOCK_REALTIME): the wall clock jumps, then IRQ 0 may come. */
void ks_clock_set(uint64_t realtime_ns);
/* adjtimex(ADJ_TAI): CLOCK_TAI moves against REALTIME. */
void ks_tai_set(int64_t tai_off_sec);
/* The interrupt a deadline already past asks for comes (after every call). */
void ks_settle(void);

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
#endif

#endif
