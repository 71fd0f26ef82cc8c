/*
 * The timer-path trace: a ring buffer of fixed-size records kept by the
 * kernel, so that one can see an expiry become a signal.
 *
 * A trace point is one line in the code it watches:
 *
 *     trace_event(TRACE_EXPIRE, pt->target->pid, pt->id, pt->expires_ns, 0);
 *
 * Off (the default), it costs one load and one predictable branch: the
 * inline test of trace_on below; the call is out of line.  On, a record
 * is written with interrupts off (IRQ 0 is the other party; one CPU), so
 * trace points may sit in the IRQ 0 path and in system calls alike.  When
 * the ring is full the oldest record is overwritten and counted as lost.
 *
 * Control (kernel/trace.c, fs/proc.c): the command line's `trace` starts
 * tracing at boot, `trace=dump` also prints the trace on the console when
 * init exits; /proc/trace reads it back, writing "1" or "0" to
 * /proc/trace_on starts or stops it (Linux's tracing_on), and any write to
 * /proc/trace empties it (Linux's `echo > trace`).
 */
#ifndef TICK386_KERNEL_TRACE_H
#define TICK386_KERNEL_TRACE_H

#include "lib/compiler.h"
#include "lib/types.h"

/* What happened.  The meaning of a and b, and of pid, per type. */
enum trace_type {
	TRACE_NONE,
	TRACE_ARM,	     /* timer_settime armed it: a = expiry (on its clock), b = interval */
	TRACE_DISARM,	     /* timer_settime/delete stopped it: a = 1 if it was armed */
	TRACE_PIT,	     /* PIT one-shot programmed: a = count (ticks), b = deadline ns */
	TRACE_IRQ0,	     /* IRQ 0 handler entered (pid: the task interrupted) */
	TRACE_IRQ0_EXIT,     /* IRQ 0 handler done */
	TRACE_EXPIRE,	     /* a POSIX timer expired: a = its deadline */
	TRACE_SIGNAL_QUEUED, /* a signal joined pid's queue: a = signo (timer: si_tid) */
	TRACE_SIGNAL_DELIVERED, /* pid's handler is entered: a = signo, b = si_overrun */
	TRACE_REARM,	     /* a periodic timer re-armed at delivery: a = expiry, b = overrun */
	TRACE_WAKE,	     /* a sleeper's timeout woke it: a = its deadline */
	TRACE_NR_TYPES
};

#define TRACE_PID_CURRENT (-2) /* pid argument: the running task's pid */

struct trace_record {
	u64 ns;	      /* clock_monotonic_ns() when it happened */
	u16 type;     /* enum trace_type */
	u16 reserved;
	s32 pid;      /* the task it concerns (-1: none) */
	s32 timer_id; /* the POSIX timer id (-1: none) */
	u32 seq;      /* counts every record since boot: gaps show what was lost */
	u64 a, b;     /* per type, above */
};
STATIC_ASSERT(sizeof(struct trace_record) == 40, "trace records are fixed-size");

#define TRACE_RING_RECORDS 4096 /* a power of two */

extern bool trace_on;

void trace_record_event(enum trace_type type, int pid, int timer_id, u64 a, u64 b);

static inline void trace_event(enum trace_type type, int pid, int timer_id, u64 a, u64 b)
{
	if (unlikely(trace_on))
		trace_record_event(type, pid, timer_id, a, b);
}

/* A signal event: the timer id when the signal is a timer's (SI_TIMER). */
#define trace_signal(type, pid, info)                                                              \
	trace_event(type, pid, (info)->si_code == SI_TIMER ? (info)->si_tid : -1,                  \
		    (u64)(info)->si_signo, (info)->si_code == SI_TIMER ? (u64)(info)->si_overrun : 0)

/* Read the command line's trace words (kmain, before anything is traced). */
void trace_init(void);
/* Start (true) or stop tracing. */
void trace_set(bool on);
/* Empty the ring. */
void trace_clear(void);
/* Call fn for each record in the ring, oldest first, with interrupts off
 * (the caller's: fn must not trace); returns the records overwritten since
 * the last clear. */
u32 trace_for_each(void (*fn)(const struct trace_record *r, void *ctx), void *ctx);
/* One record as a line of text (no newline): "NS TYPE pid=P timer=T k=v...". */
int trace_format(char *buf, size_t size, const struct trace_record *r);
/* The name of a type ("arm", "irq0", ...). */
const char *trace_type_name(unsigned type);
/* Print the trace on the console if the command line said trace=dump
 * (init's end), each line starting "tick386: trace ". */
void trace_dump_if_asked(void);

#endif
