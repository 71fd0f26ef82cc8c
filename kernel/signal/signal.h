/*
 * Signals: the per-task state (mask, pending set, queue of siginfo, actions)
 * and the calls the rest of the kernel makes on it.
 *
 * The model is POSIX's, with Linux's numbers and its choices where POSIX
 * leaves one open:
 *
 *  - 64 signals, 1..31 standard, 32..64 real-time (include/abi/signal.h).
 *  - pending is the set of signals with at least one instance waiting.  Each
 *    instance that carries a siginfo is a struct sigqueue_entry on the list
 *    of its signal number (queue[signo - 1]), oldest first.  A standard
 *    signal coalesces: sending it while it is pending does nothing.  A
 *    real-time signal queues every instance.  Delivery takes the lowest
 *    pending unblocked signal number first, and within one number the oldest.
 *    A pending bit whose list is empty stands for one instance without
 *    recorded siginfo (the queue was full); it is delivered as SI_USER.
 *  - At most ABI_SIGQUEUE_MAX entries are allocated for one task (the
 *    RLIMIT_SIGPENDING of Linux); beyond it rt_sigqueueinfo is -EAGAIN.
 *    Entries embedded in another object (a POSIX timer's) are not counted:
 *    they are never allocated.
 *  - An ignored signal (SIG_IGN, or SIG_DFL whose default is to ignore) is
 *    discarded when sent, unless it is blocked: then it waits, because the
 *    action may change before it is unblocked.  Installing an ignoring action
 *    discards the pending instances (POSIX), a one-shot timer's too.
 *  - The one exception, Linux 6.13's: the embedded entry of a periodic timer
 *    (park_if_ignored) is parked instead of discarded, whether it was queued
 *    when the ignoring action came or was sent while it was in force.  The
 *    parked entries of a task are on one list, signal_state.ignored, owned
 *    by this layer; when the action of their signal stops ignoring they go
 *    back on the queue, and the timer's on_deliver counts the periods missed
 *    meanwhile.  The timer itself keeps no list: it only sees its entry
 *    "queued" until on_deliver or signal_entry_remove.
 *  - SIGKILL and SIGSTOP can be neither caught, nor blocked, nor ignored.
 *
 * Invariants (interrupts off while they are briefly broken; checked by
 * signal_state_check in kernel/signal/signal_ktest.c):
 *   bit signo of pending is clear  =>  queue[signo - 1] is empty
 *   an entry is on a queue or on the ignored list  <=>  entry->queued
 *   an entry is on the ignored list                <=>  entry->parked
 *   an entry on the ignored list is embedded, park_if_ignored, and its
 *     signal is ignored by the task's action
 *   allocated entries on the lists  ==  queued_count
 *
 * All functions here may be called with interrupts on or off; those marked
 * IRQ-safe may be called from an interrupt handler.
 */
#ifndef TICK386_KERNEL_SIGNAL_H
#define TICK386_KERNEL_SIGNAL_H

#include "lib/list.h"
#include "lib/types.h"
#include <abi/signal.h>

struct task;
struct trap_frame;

#define SIGNAL_UNBLOCKABLE (ABI_SIGMASK(SIGKILL) | ABI_SIGMASK(SIGSTOP))

/*
 * One queued instance of a signal.  Most are allocated by signal_send and
 * freed when delivered; a POSIX timer embeds its own (preallocated, so that
 * the IRQ0 path never allocates) and is told through on_deliver.
 */
/*
 * A set of pending signals: the bit set and, for each number, its queue of
 * instances.  Each thread has its own (thread-directed signals: tgkill,
 * faults, SIGEV_THREAD_ID timers) and the process one more, in its leader
 * (process-directed: kill, sigqueue, timers, SIGCHLD, the tty's).
 */
struct sigpending {
	abi_sigset_t set;
	struct list_head queue[ABI_NSIG]; /* struct sigqueue_entry, oldest first */
};

/*
 * One queued instance of a signal.  Most are allocated by signal_send and
 * freed when delivered; a POSIX timer embeds its own (preallocated, so that
 * the IRQ0 path never allocates) and is told through on_deliver.
 */
struct sigqueue_entry {
	struct list_head node;	 /* in where->queue[signo - 1], or on the ignored list */
	siginfo_t info;		 /* info.si_signo says which list */
	struct sigpending *where; /* the set it is on, or goes back to when unparked */
	bool queued;		 /* waiting for delivery: on a queue, or parked */
	bool parked;		 /* on signal_state.ignored, not on a queue */
	bool embedded;		 /* owned by another object: never freed here */
	bool park_if_ignored;	 /* embedded only: parked, not discarded, when
				  * ignored (a periodic timer; its owner sets it) */
	bool to_thread;		 /* embedded only: signal_send_entry aims it at the
				  * thread given, not at its process (SIGEV_THREAD_ID) */
	/*
	 * Embedded entries only, may be NULL.  Called with interrupts off once
	 * the entry is off the queue and `info` (the copy about to reach the
	 * user: a handler's frame, sigtimedwait's result) is filled from it:
	 * the owner may edit it (si_overrun) and re-arm itself.  It may queue
	 * e again with signal_send_entry.  Not called for
	 * signal_entry_remove nor at task exit.
	 */
	void (*on_deliver)(struct sigqueue_entry *e, siginfo_t *info);
};

/*
 * Every task has one; the fields marked [process] are used in the group
 * leader's only (task.h), the others are the thread's own.
 */
struct signal_state {
	abi_sigset_t blocked;
	struct sigpending pending; /* thread-directed */
	/* rt_sigsuspend: the mask to put back once a handler has run. */
	abi_sigset_t saved_mask;
	bool restore_mask;
	/* rt_sigtimedwait: signals that wake the task although blocked. */
	abi_sigset_t waiting;
	stack_t altstack; /* sigaltstack; ss_flags SS_DISABLE when none */

	struct sigpending shared;	  /* [process] process-directed */
	u32 queued_count;		  /* [process] allocated entries on the lists */
	struct abi_sigaction action[ABI_NSIG]; /* [process] */
	/*
	 * [process] The parked entries (Linux 6.13's ignored list):
	 * park_if_ignored entries whose signal is ignored, sent while it was
	 * or queued when it became so.  They stay "queued" for their owner
	 * and go back on their set when a non-ignoring action is installed.
	 */
	struct list_head ignored;
	/* [process] SIGSTOP & co.: no thread returns to user mode until SIGCONT. */
	bool stopped;
	/*
	 * [process] init (pid 1, set when the pid is given): a signal whose
	 * action is SIG_DFL never reaches it, SIGKILL and SIGSTOP included,
	 * whoever sends it (Linux's SIGNAL_UNKILLABLE with its global-init
	 * rule).  A fault the process cannot handle (signal_force) clears it,
	 * so that init dies of it instead of running the instruction again.
	 */
	bool unkillable;
};

/* The cache of queued entries (mm/slab.h): once, before any signal is sent. */
void signal_init(void);

/* --- life of a task ------------------------------------------------------ */

/* Empty queues.  With a parent (fork), its actions, mask and alternate
 * stack; without, every action SIG_DFL and nothing blocked. */
void signal_task_init(struct task *t, struct task *parent_or_null);
/* A new thread of the creator's process: the creator's mask, no alternate
 * stack (Linux's for CLONE_VM), nothing pending. */
void signal_thread_init(struct task *t, struct task *creator);
/* execve: caught signals back to SIG_DFL (ignored ones stay ignored; mask
 * and pending signals stay), no alternate stack. */
void signal_exec(struct task *t);
/* A thread ends: free its own queued entries (embedded ones are just
 * unlinked, parked ones aimed at it too).  The last thread of a process
 * (or a single-threaded one) then calls signal_process_exit on its leader:
 * the process's set and parked entries. */
void signal_thread_exit(struct task *t);
void signal_process_exit(struct task *leader);

/* --- sending --------------------------------------------------------------- */

/*
 * Queue signo for t's process with `info` (NULL: SI_KERNEL, no sender), as
 * kill does: one thread that does not block it is woken (t first if it
 * does not), any thread may take it.  Returns 0 (also when
 * the signal was discarded because ignored, or coalesced), -EINVAL for a bad
 * number, -EAGAIN when a real-time signal with si_code < 0 (sigqueue) finds
 * the queue full.  Allocates an entry: not from an IRQ handler (those use
 * signal_send_entry with a preallocated one).  SIGKILL also makes t die at
 * its next chance (task_kill), even while sleeping in a kernel wait.
 */
int signal_send(struct task *t, int signo, const siginfo_t *info);
/* The same for the thread t alone (tgkill): only t takes it.  A fatal
 * signal still ends the whole process, as on Linux. */
int signal_send_thread(struct task *t, int signo, const siginfo_t *info);

/*
 * A synchronous fault (SIGSEGV, SIGFPE, SIGILL, SIGBUS, SIGTRAP) of t, the
 * current task: si_code = code, si_addr = addr.  If the signal is blocked
 * or ignored it is unblocked and its action reset to SIG_DFL (Linux's
 * force_sig), so that a faulting instruction cannot loop forever.
 */
void signal_force(struct task *t, int signo, int code, u32 addr);

/* Whether t has a signal pending that it does not block (or that its
 * sigtimedwait waits for); a stopped task only sees SIGKILL and SIGCONT.
 * This is what ends sched_sleep with -EINTR.  IRQ-safe. */
bool signal_pending(struct task *t);

/*
 * Whether the current action of signo in t discards it: SIG_IGN, or SIG_DFL
 * for a signal whose default is to ignore (SIGCHLD, SIGURG, SIGWINCH,
 * SIGCONT).  The mask does not matter.  IRQ-safe.
 */
bool signal_is_ignored(struct task *t, int signo);

/* Whether t's process is init and leaves signo at SIG_DFL: the signal is
 * dropped when sent, and when taken if it was queued while blocked. */
bool signal_init_drops(struct task *t, int signo);

/* --- the kernel side of the calls --------------------------------------- */

enum signal_default {
	SIGNAL_DEFAULT_TERMINATE,
	SIGNAL_DEFAULT_CORE, /* terminate (no core files here) */
	SIGNAL_DEFAULT_IGNORE,
	SIGNAL_DEFAULT_STOP,
	SIGNAL_DEFAULT_CONTINUE, /* SIGCONT: resume (done when sent), else ignore */
};
enum signal_default signal_default_action(int signo);

/*
 * Take the next signal among `allowed` from t's queue: faults first, then
 * the lowest number, the oldest instance of it.  Fills *info and returns the
 * signal number, or 0 if none.  An embedded entry's on_deliver runs here.
 */
int signal_dequeue(struct task *t, abi_sigset_t allowed, siginfo_t *info);
/* What t has pending: its own signals and its process's (sigpending). */
abi_sigset_t signal_pending_set(struct task *t);

/* rt_sigaction on t (no user memory): -EINVAL for a bad number or an action
 * for SIGKILL/SIGSTOP.  oact may be NULL, act NULL only reads. */
int signal_set_action(struct task *t, int signo, const struct abi_sigaction *act,
		      struct abi_sigaction *oact);
/* rt_sigprocmask on t: -EINVAL for a bad how (only when set is given, as
 * Linux); SIGKILL and SIGSTOP are silently left unblocked. */
int signal_set_mask(struct task *t, int how, const abi_sigset_t *set, abi_sigset_t *oset);

/* --- delivery ------------------------------------------------------------ */

/*
 * On the way back to ring 3 (sched_return_to_user, interrupts off): take the
 * pending unblocked signals one at a time; for each, the default action
 * (terminate, ignore, stop) or a handler frame on the user stack.  Handles
 * system-call restart: for int 0x80, tf->error_code holds the number the
 * call was made with (arch/i386/isr.asm); -ERESTARTSYS, -ERESTARTNOHAND and
 * -ERESTARTNOINTR become -EINTR or a restart (eip -= 2) as on Linux, and
 * -ERESTART_RESTARTBLOCK -EINTR or restart_syscall (current->restart).
 * May not return (the task dies) or sleep (stopped).
 */
void signal_deliver(struct trap_frame *tf);

/* sigaltstack's ss_flags for t at user stack pointer sp: SS_DISABLE (none),
 * SS_ONSTACK (sp is on it) or 0. */
u32 signal_altstack_flags(const struct task *t, u32 sp);

/* The restart rule for a system call's result in tf (int 0x80 frames only),
 * act the handler about to run or NULL if none runs; applied once. */
void signal_syscall_restart(struct trap_frame *tf, const struct abi_sigaction *act);

/* --- for POSIX timers: preallocated, embedded entries --------------------- */

/*
 * How a POSIX timer is meant to use these (Linux 6.13's model):
 *
 *   create:  signal_entry_init(&tm->sigq, timer_delivered);
 *            tm->sigq.info: si_signo, si_code = SI_TIMER, si_tid, si_value
 *   settime: tm->sigq.park_if_ignored = the timer is periodic
 *   expiry (IRQ0, interrupts off):
 *            r = signal_send_entry(owner, &tm->sigq);
 *            r == 0       queued, or parked because ignored: either way a
 *                         periodic timer is NOT re-armed here
 *            r == -EBUSY  its signal still waits: one more overrun
 *            r == 1       ignored and discarded (a one-shot timer)
 *   timer_delivered(e, info), interrupts off: info->si_overrun = the
 *            overruns (saturated); the periodic timer re-arms, missed
 *            periods counted by one division; timer_getoverrun reports them
 *   the action changes: the signal layer parks and unparks the entry
 *            itself (rt_sigaction); the timer only sees it "queued" until
 *            its delivery, which then counts the periods missed meanwhile
 *   timer_settime / timer_delete: signal_entry_remove(owner, &tm->sigq)
 *            discards the signal of the old setting, queued or parked
 */

/* Prepare an embedded entry; fill e->info (si_signo, si_code SI_TIMER, ...)
 * before sending it. */
void signal_entry_init(struct sigqueue_entry *e,
		       void (*on_deliver)(struct sigqueue_entry *e, siginfo_t *info));

/*
 * Queue the embedded entry e (signal e->info.si_signo) on t.  Returns 0 when
 * queued, or parked on t's ignored list (the signal is ignored and not
 * blocked, and e->park_if_ignored); 1 when ignored and discarded (nothing
 * queued); -EBUSY if e is already queued (or parked), -EINVAL for a bad
 * signal number, -ESRCH if t is exiting.  A standard signal's entry is
 * queued even if the signal is already pending (as Linux does for timers).
 * IRQ-safe.
 */
int signal_send_entry(struct task *t, struct sigqueue_entry *e);

/*
 * Whom a timer's process-directed signal is sent through (interrupts
 * off): the running thread when it belongs to t's process and is not
 * exiting, else t.  Linux does so since 6.3 for POSIX timers
 * (send_sigqueue prefers current) and always did for the CPU itimers (the
 * tick checks them on the running task): the thread whose CPU time made
 * a CPU-time timer expire is the one running, and waking another would
 * cost a switch for nothing.  The signal still goes to the process's
 * queue: only the thread woken to take it changes.
 */
struct task *signal_timer_target(struct task *t);
bool signal_entry_queued(const struct sigqueue_entry *e); /* IRQ-safe */
/* Take e off t's queue (or ignored list) if it is there (timer_settime,
 * timer_delete). */
void signal_entry_remove(struct task *t, struct sigqueue_entry *e);

/* --- the system calls (kernel/signal/sys_signal.c) ------------------------------- */

long sys_kill(int pid, int signo);
long sys_tkill(int tid, int signo);
long sys_tgkill(int tgid, int tid, int signo);
long sys_rt_tgsigqueueinfo(int tgid, int tid, int signo, const siginfo_t *info);
long sys_rt_sigaction(int signo, const struct abi_sigaction *act, struct abi_sigaction *oact,
		      u32 sigsetsize);
long sys_rt_sigprocmask(int how, const abi_sigset_t *set, abi_sigset_t *oset, u32 sigsetsize);
long sys_rt_sigpending(abi_sigset_t *set, u32 sigsetsize);
long sys_rt_sigtimedwait(const abi_sigset_t *set, siginfo_t *info, const void *timeout,
			 u32 sigsetsize);
long sys_rt_sigtimedwait_time64(const abi_sigset_t *set, siginfo_t *info, const void *timeout,
				u32 sigsetsize);
long sys_rt_sigqueueinfo(int pid, int signo, const siginfo_t *info);
long sys_rt_sigsuspend(const abi_sigset_t *mask, u32 sigsetsize);
long sys_rt_sigreturn(void);
/* restart_syscall (0): what signal_syscall_restart makes of a call that
 * returned -ERESTART_RESTARTBLOCK when no handler ran. */
long sys_restart_syscall(void);
long sys_sigaltstack(const stack_t *ss, stack_t *oss);

#endif
