/*
 * struct posix_timer and what kernel/time/posix_timers.c shares with the CPU-time
 * part (kernel/time/posix_cputimers.c).  Not for other subsystems: they use
 * kernel/time/posix_timers.h.
 */
#ifndef TICK386_KERNEL_POSIX_TIMER_IMPL_H
#define TICK386_KERNEL_POSIX_TIMER_IMPL_H

#include "kernel/time/ktimer.h"
#include "kernel/signal/signal.h"
#include "lib/list.h"
#include "lib/timerqueue.h"
#include "lib/types.h"
#include <abi/signal.h>
#include <abi/types.h>

enum posix_timer_base {
	PT_BASE_MONOTONIC, /* ns since boot: CLOCK_MONOTONIC, relative CLOCK_REALTIME */
	PT_BASE_REALTIME,  /* ns since 1970: absolute CLOCK_REALTIME */
	PT_BASE_CPU,	   /* ns of CPU used by cpu_task: the CPU-time clocks */
};

struct posix_timer {
	int id;
	struct task *owner;  /* the process that created it: only it may use the id */
	struct task *target; /* who gets the signal: the owner (its process), or a thread of
			      * it (SIGEV_THREAD_ID); NULL: that thread has ended */
	clockid_t clockid;   /* as given to timer_create */
	int notify;	     /* SIGEV_SIGNAL, SIGEV_NONE or SIGEV_THREAD_ID */
	int signo;
	union sigval value;

	enum posix_timer_base base;
	u64 expires_ns;	  /* the next (or the parked) expiry, on `base` */
	u64 interval_ns;  /* 0: one-shot */
	bool armed;	  /* has an expiry to come (a periodic timer stays armed) */
	int overrun;	  /* periods missed since the queued signal's expiry */
	int overrun_last; /* the overrun of the last delivered signal */

	struct ktimer ktimer;	     /* PT_BASE_MONOTONIC / PT_BASE_REALTIME */
	struct timerq_node cpu_node; /* PT_BASE_CPU: in cpu_task's CPU-time queue */
	struct task *cpu_task;	     /* PT_BASE_CPU: whose CPU time (NULL: it has exited) */
	bool cpu_thread;	     /* PT_BASE_CPU: cpu_task's thread clock, else its process's */
	struct list_head cpu_link;   /* in that clock's cpu_timer_base.timers */
	struct sigqueue_entry sigq;  /* the one signal it may have queued (or parked) */
	struct list_head owner_link; /* owner->posix_timers.timers */
};

/* The timer of the smallest id >= *id (any process), *id set to it; NULL
 * if none (interrupts off).  For the /proc walk (posix_timers_info.c). */
struct posix_timer *posix_timer_next(int *id);
/* The timer whose ktimer kt is, or NULL if kt is no POSIX timer's. */
struct posix_timer *posix_timer_of_ktimer(const struct ktimer *kt);

/* Called with interrupts off when a timer's expiry has come. */
void posix_timer_expired(struct posix_timer *pt);

/* CPU-time timers (kernel/time/posix_cputimers.c). */
void posix_cputimers_task_init(struct task *t);
/* The base of a timer's clock. */
struct cpu_timer_base *posix_cputimer_base(struct task *t, bool thread);
void posix_cputimer_arm(struct posix_timer *pt);
void posix_cputimer_disarm(struct posix_timer *pt);
void posix_cputimers_thread_exit(struct task *t);

#include "kernel/time/posix_syscalls.h"

#endif
