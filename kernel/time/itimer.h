/*
 * The interval timers of a process: setitimer/getitimer (104, 105) and
 * alarm (27), Linux's three, one of each per process:
 *
 *   ITIMER_REAL     SIGALRM after an interval of real time.  As Linux, it
 *                   counts on CLOCK_MONOTONIC (setting the wall clock moves
 *                   nothing), and a periodic one is re-armed when a
 *                   SIGALRM is taken, its own or another's (Linux's
 *                   dequeue_signal), so a blocked SIGALRM costs the
 *                   interrupt nothing;
 *   ITIMER_VIRTUAL  SIGVTALRM after the process's user CPU time
 *                   (kernel/task/vtime.h);
 *   ITIMER_PROF     SIGPROF after its user + system CPU time.  Both wait
 *                   in the task's CPU-time queue beside its POSIX CPU-time
 *                   timers (kernel/time/posix_cputimers.c), keyed by the
 *                   total (VIRTUAL's: the earliest total at which its user
 *                   time can be due, checked and put back there), and
 *                   re-arm at their expiry, as Linux's check_cpu_itimer.
 *
 * The state (task->itimers) is allocated when the process is made (fork,
 * a boot program), as Linux's are part of the signal_struct that fork
 * allocates: setitimer and alarm never fail for want of memory (alarm
 * cannot report a failure), the process's creation does.  Kernel threads
 * have none.  fork: the child's are disarmed.  execve: kept (Linux keeps
 * them).  exit: cancelled and freed, their queued signals taken back.
 */
#ifndef TICK386_KERNEL_ITIMER_H
#define TICK386_KERNEL_ITIMER_H

#include "lib/timerqueue.h"
#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/itimer.h>

struct task;

long sys_setitimer(int which, const struct itimerval __user *value, struct itimerval __user *ovalue);
long sys_getitimer(int which, struct itimerval __user *value);
long sys_alarm(unsigned int seconds);

/* A new process's itimers, disarmed (fork, task_create_user): 0 or -ENOMEM. */
int itimers_task_init(struct task *t);
/*
 * signal_dequeue took a SIGALRM of t, from any source (interrupts off): a
 * periodic ITIMER_REAL waiting since its expiry re-arms (Linux's
 * dequeue_signal).
 */
void itimer_sigalrm_taken(struct task *t);

/* The task is exiting: cancel its itimers and free them. */
void itimers_task_exit(struct task *t);

/*
 * Called by the CPU-time queue's expiry (posix_cputimers.c, interrupts
 * off) for each node due: false if node is not one of t's itimers;
 * otherwise the signal is sent (ITIMER_VIRTUAL: if its user time is due)
 * and *next is the node's next expiry in CPU ns (0: none, a one-shot).
 */
bool itimer_cpu_expired(struct task *t, struct timerq_node *node, u64 used_ns, u64 *next);

/* The process t's RLIMIT_CPU changed (interrupts off): its check re-armed
 * at the new soft (or hard) limit, or disarmed (kernel/task/rlimit.c). */
void itimer_rlimit_cpu_update(struct task *t);

#endif
