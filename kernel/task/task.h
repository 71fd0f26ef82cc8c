/*
 * Tasks: one thread of execution each, with its own kernel stack and, for a
 * user task, its own address space (mm/vm.h).  Kernel threads (the boot
 * context "kmain", the idle task, test threads) have no user space and run
 * on the kernel's page directory.
 *
 * Life of a task: created RUNNABLE (task_create_kernel, task_create_user),
 * RUNNABLE <-> SLEEPING (sched_sleep / task_wake), then task_exit makes it a
 * ZOMBIE: its address space is freed at once, its wait status kept; whoever
 * waits for it (task_reap, the kmain thread for user tasks) frees the rest
 * (the task structure and kernel stack).  After that every page the task
 * took is back in the page allocator.
 *
 * Wait status as Linux encodes it: (code & 0xff) << 8 for an exit, the
 * signal number for a death by signal.
 *
 * Who points at a struct task, and until when (nothing counts references:
 * each holder lets go before the task can be freed, and only a zombie is
 * freed, by task_free):
 *   - all_tasks (all_next), until task_free; walks happen with interrupts
 *     off and keep no pointer across a sleep (wait4, kill, /proc);
 *   - a run queue (rq_next) while runnable; a wait queue (wq, wq_next) and
 *     the futex list (a waiter on its stack) only while it sleeps there:
 *     it unlinks itself before its sleep returns; its sleep_timer is
 *     cancelled then too;
 *   - its threads' `leader`: the leader stays, a zombie, until the last
 *     thread of the group has ended (delay_group_leader);
 *   - POSIX timers aimed at it (SIGEV_THREAD_ID) and on its CPU time, until
 *     posix_timers_thread_exit at its exit;
 *   - `current`, while it runs.
 */
#ifndef TICK386_KERNEL_TASK_H
#define TICK386_KERNEL_TASK_H

#include "arch/i386/trap.h"
#include "fs/file.h"
#include "kernel/task/sched.h"
#include "mm/vm.h"
#include "kernel/time/posix_timers.h"
#include "lib/compiler.h"
#include "lib/types.h"
#include <abi/rlimit.h>

#include "kernel/signal/signal.h"
#include "kernel/task/cred.h"
#include "lib/list.h"

#define TASK_NAME_MAX 16
#define TASK_KSTACK_PAGES 2
#define TASK_KSTACK_SIZE (TASK_KSTACK_PAGES * 4096u)

#define TASK_WSTATUS_EXIT(code) (((code)&0xff) << 8)
#define TASK_WSTATUS_SIGNAL(sig) ((sig)&0x7f)
#define TASK_WIFSIGNALED(ws) (((ws)&0x7f) != 0)
#define TASK_WTERMSIG(ws) ((ws)&0x7f)
#define TASK_WEXITSTATUS(ws) (((ws) >> 8) & 0xff)

enum task_state { TASK_RUNNABLE, TASK_SLEEPING, TASK_ZOMBIE };

/*
 * What restart_syscall (nr 0) goes on with, Linux's restart block: a
 * relative sleep ended by a signal fills it and returns
 * -ERESTART_RESTARTBLOCK; if no handler runs (a stop and continue), the
 * signal code turns the call into restart_syscall, and fn sleeps on to the
 * same deadline.  fn NULL: nothing to go on with (-EINTR).
 */
struct restart_block {
	long (*fn)(struct restart_block *rb);
	int clockid;			    /* the clock slept on */
	u64 deadline_ns;		    /* absolute, in that clock's time */
	void __user *rem;		    /* where the time left goes, or NULL */
	bool rem_wide;			    /* rem is a 64-bit timespec (*_time64) */
	u32 futex_uaddr, futex_val, futex_bitset; /* a futex wait (futex.c) */
	bool futex_private;			  /* its FUTEX_PRIVATE_FLAG */
};

/* Why a sleep ended (sched.c). */
enum task_wake_reason { TASK_WAKE_NONE, TASK_WAKE_WOKEN, TASK_WAKE_TIMEOUT };

/*
 * Threads (kernel/task/thread.c).  A process is a group of tasks sharing an
 * address space, files, timers and signal actions; its first task, the
 * group leader, holds all of that for the group, and every task reaches it
 * through `leader` (a single-threaded process and a kernel thread are their
 * own leader).  The fields marked [process] below are meaningful in the
 * leader only: read them as t->leader->field.  A leader whose thread ends
 * before the others stays, a zombie that wait4 does not see, until the last
 * thread of the group is gone (Linux's delay_group_leader); the threads
 * other than the leader are reaped by the reaper as soon as they end.
 * pid is the thread's id (gettid), tgid the process's (getpid): the
 * leader's pid.
 */
#define TASK_TLS_ENTRIES 3 /* set_thread_area's GDT slots, Linux's 6..8 */

struct task {
	int pid, ppid;	 /* ppid: [process] */
	int pgid, sid;	 /* [process] group and session (kernel/task/process.c) */
	int tgid;	 /* the process: the leader's pid */
	struct task *leader;
	enum task_state state;
	int exit_status; /* wait status, valid in TASK_ZOMBIE */
	char name[TASK_NAME_MAX];
	u32 personality; /* personality(2) (kernel/task/prctl.c): copied at fork and clone, exec keeps the flags */
	int prio;
	int nice;  /* the thread's, -20..19 (kernel/task/priority.c): fork and clone copy it */
	bool user; /* has a user address space */

	u32 kstack; /* lowest address of the kernel stack */
	u32 kesp;   /* saved stack pointer while switched out (switch.asm) */
	struct vm vm; /* [process] */
	struct trap_frame *user_frame; /* the frame of the current trap from ring 3 */

	u64 cpu_ns;	 /* CPU time of the slices that ended */
	u64 vruntime;	 /* the CPU time the scheduler weighs: cpu_ns, placed at wake-up (sched.c) */
	u64 slice_start; /* clock_monotonic_ns when this task got the CPU */
	u64 start_ns;	 /* clock_monotonic_ns when it was created (fork, boot) */
	u64 user_stamp;	 /* clock_stamp at its last return to ring 3 (vtime.h) */
	u64 user_stamps; /* its time in ring 3, in clock_stamp units (vtime.h) */

	struct signal_state signal;
	struct restart_block restart; /* sys_restart_syscall (kernel/signal/sys_signal.c) */
	struct posix_timers_task posix_timers; /* [process] timers owned (kernel/time/posix_timers.c) */
	struct fd_table files;		       /* [process] open files (fs/file.c) */
	struct itimers *itimers;	       /* [process] setitimer/alarm (kernel/time/itimer.c); NULL: none yet */
	struct cred cred;		       /* [process] ids and groups (kernel/task/cred.h) */
	const struct cred *fs_cred;	       /* this thread's file checks during one call, or NULL */

	/* Scheduler and sleeping (sched.c, wait.c). */
	struct task *rq_next;
	bool on_rq;
	enum task_wake_reason wake_reason;
	struct ktimer sleep_timer;
	struct wait_queue *wq;
	struct task *wq_next;

	/* What wait4 has still to report to the parent (process.c). */
	int stop_report;  /* [process] the stop signal, while not yet reported (WUNTRACED) */
	bool cont_report; /* [process] continued by SIGCONT, not yet reported (WCONTINUED) */
	bool autoreap;	  /* the parent will not wait: the reaper (kmain) frees it */
	bool did_exec;	  /* [process] has called execve (setpgid: EACCES) */

	int kill_signo; /* task_kill from another task: dies at its next chance (fatal_signal_pending) */
	u32 killed_sleeps; /* sleeps asked with kill_signo set (sched_sleep: a loop that ignores it) */
	u32 syscall_seq;   /* system calls entered (kernel/syscall.c), for the soft-lockup watchdog */
	u32 fail_nth;	/* /proc/PID/fail-nth: allocations left before one fails (mm/fault_inject.h) */
	/* The last user fault, for the console line when it kills the task. */
	int fault_signo;
	u32 fault_eip, fault_addr;

	/* Threads: the leader keeps the list of the group (thread.c). */
	struct list_head thread_node; /* in leader->threads */
	struct list_head threads;     /* [process] every task of the group, leader included */
	int nr_threads;		      /* [process] tasks of the group not yet ended */
	bool group_exit;	      /* [process] exit_group or a fatal signal: all end */
	int group_exit_status;	      /* [process] the status they all end with */
	u64 dead_cpu_ns;	      /* [process] CPU time of the threads that ended */
	u64 dead_utime_ns;	      /* [process] the user time of it (vtime.h) */
	/*
	 * [process] CPU time of the children this process reaped with wait4,
	 * each with its own child_cpu_ns (Linux's cutime + cstime): added by
	 * the reaping wait4, interrupts off; kept across execve, 0 at fork.
	 * An autoreaped child (SIGCHLD ignored) adds nothing, as on Linux.
	 */
	u64 child_cpu_ns;
	/* [process] resource limits (kernel/task/rlimit.c), written with
	 * interrupts off (SMP: the process's task_lock, as Linux's). */
	struct rlimit64 rlim[RLIMIT_NLIMITS];
	u64 child_utime_ns; /* [process] the user time of child_cpu_ns */
	/* [process] SEM_UNDO's struct sem_undo, one per set (ipc/sem.c):
	 * empty at fork, kept by execve, applied and freed at the end */
	struct list_head sem_undos;
	u32 clear_child_tid;	      /* user address: 0 stored and woken at exit */
	u64 tls[TASK_TLS_ENTRIES];    /* GDT descriptors of set_thread_area */

	struct task *all_next;			  /* every task that is not reaped */
	/* capabilities (kernel/task/capability.c), per thread as Linux's creds:
	 * copied at fork and clone, recomputed at exec */
	u64 cap_effective, cap_permitted, cap_inheritable;
	u8 fpu[108] __attribute__((aligned(16))); /* x87 state (fnsave) while switched out */
};

extern struct task *current;

static inline struct task *task_current(void)
{
	return current;
}

/*
 * The boot context (boot.asm's stack) becomes task "kmain", pid 0, and
 * `current`; the x87 state every new task starts from is taken here.  Called
 * once by kmain, before sched_init and before any other task is made.
 */
void task_init(void);

/* A kernel thread running fn(arg); its return value r ends it like exit(r). */
struct task *task_create_kernel(const char *name, int (*fn)(void *), void *arg, int prio);
/* The same with pid 0, like kmain and idle, for a thread started at boot
 * that never ends (kernel/tty.c's): init stays pid 1. */
struct task *task_create_daemon(const char *name, int (*fn)(void *), void *arg, int prio);
/* The same, not queued (the idle task). */
struct task *task_alloc_kernel(const char *name, int (*fn)(void *), void *arg, int prio);
struct task *task_alloc_idle(int (*fn)(void *));
struct task *sched_idle_task(void);

/*
 * A user task running the static ELF image [image, image + len) with argv
 * (argc strings, argv[0] the program name).  NULL-free errors: returns the
 * task (RUNNABLE, queued) or NULL and *err = -ENOEXEC (bad ELF), -ENOMEM,
 * -E2BIG (arguments too long).
 */
struct task *task_create_user(const void *image, size_t len, int argc, char *const argv[], int ppid,
			      int *err);

/* The registers of a first entry to ring 3 at entry, stack pointer esp. */
void task_user_frame_init(struct trap_frame *tf, u32 entry, u32 esp);

/* A copy of the current user task (fork), queued; NULL and *err = -ENOMEM. */
struct task *task_fork(int *err);

/* execve with other threads (exec.c): they end first; from a thread that
 * is not the leader, the new program then runs in the leader. */
int task_exec_end_other_threads(void);
__noreturn void task_exec_in_leader(u32 entry, u32 esp);

/* clone of a thread (thread.c): made, then started or freed unseen. */
struct task *task_clone_thread(int *err);
void task_clone_start(struct task *t);
void task_clone_abort(struct task *t);

/* Split "prog arg1 arg2" in place into at most max words; returns argc. */
int task_split_args(char *line, char *argv[], int max);

struct task *task_find(int pid); /* a thread by its id; NULL if none or exiting */
/* Pids are below this (never reused; fork/clone -EAGAIN past it): Linux's
 * PID_MAX_LIMIT of 64-bit kernels; /proc/sys/kernel/pid_max says it. */
#define TASK_PID_MAX 4194304

/* Capabilities (kernel/task/capability.c): a new task's (its euid's: the
 * full set for root), a forked or cloned one's (its parent's), and at exec
 * (Linux's root rule: full again for euid 0, none otherwise). */
void cap_task_init(struct task *t);
void cap_task_copy(struct task *t, const struct task *parent);
void cap_task_exec(struct task *t);
/* The process (its leader) that has a thread of this id, or whose leader
 * has it, while some thread of it lives (kill's target); NULL if none. */
struct task *task_find_process(int pid);
/* A group leader with a thread still running: a process a signal can reach. */
bool task_is_live_process(const struct task *t);
/*
 * A process that has exited and that its parent has not reaped yet: its
 * pid still names it (kill succeeds and does nothing, a group it was in
 * still exists), as in Linux until release_task.  Not one that is reaped
 * by itself (SIGCHLD ignored: Linux releases it at exit).
 */
bool task_is_zombie_process(const struct task *t);
struct task *task_find_zombie_process(int pid);

/* Wake t from an interruptible sleep (no-op otherwise); IRQ-safe. */
void task_wake(struct task *t);

/*
 * The current thread ends with this wait status (exit); the last thread of
 * a process frees what is the process's (memory, timers, signals, files)
 * and the leader becomes the zombie its parent waits for.
 */
__noreturn void task_exit(int wait_status);
/* exit_group: every thread of the current process ends, with this status. */
__noreturn void task_exit_group(int wait_status);

/* t's process ends as if killed by signo: every thread of it is woken and
 * ends at its next return to user mode or sleep; the current thread, if it
 * is one of them, ends at once. */
void task_kill(struct task *t, int signo);
/* The same, never ending the current thread here (it ends on its way out). */
void task_kill_async(struct task *t, int signo);

/* CPU time used by the thread t up to now, including the running slice. */
u64 task_cpu_ns(struct task *t);
/* The same for t's whole process: its threads', the ended ones' too. */
u64 task_process_cpu_ns(struct task *t);
/* The same two, and in *utime_ns the user time of it (kernel/task/vtime.h):
 * never more than the result, the rest being system time. */
u64 task_cpu_ns_split(struct task *t, u64 *utime_ns);
u64 task_process_cpu_ns_split(struct task *t, u64 *utime_ns);

/* Wait until t is a zombie, free it, return its wait status.  t must have
 * been created by the caller (nobody else reaps it). */
int task_reap(struct task *t);

/*
 * The reaper's wait (kmain): until some zombie is kmain's own child (ppid 0:
 * the boot modules, orphans of init) or was left to the reaper (autoreap);
 * returns it, not freed.
 */
struct task *task_wait_zombie(void);
void task_free(struct task *zombie);

/* Called on the way back to ring 3 for pending kills (sched.c). */
void task_check_killed(void);

/*
 * t is being killed (SIGKILL, a fatal signal, exit_group or execve in
 * another thread of its process) and ends at its next return to user mode
 * (task_check_killed), which a system call must reach: every wait loop
 * ends for this, Linux's fatal_signal_pending.  sched_sleep returns -EINTR
 * at once while it holds, so a loop that ends on -EINTR has the check; a
 * loop that looks again instead checks this itself (wait4, execve's wait
 * for the other threads, a stop).  A loop that does neither would spin
 * forever in the kernel, which is not preemptible: sched_sleep panics,
 * naming it, when a killed task keeps asking to sleep.
 */
static inline bool fatal_signal_pending(const struct task *t)
{
	return t->kill_signo != 0;
}

/*
 * An exception (vector < 32, no handler installed) raised in ring 3, called
 * by arch/i386/trap.c: it becomes the signal Linux sends for it (or the
 * stack grows) and true is returned; false means no user task can take it
 * (or the CPU, not the program, is at fault), and the trap is fatal as in
 * the kernel (task_fault.c).
 */
bool task_user_fault(struct trap_frame *tf);

/* Start the multiboot modules (the first is init) and reap them; never returns. */
__noreturn void task_run_init(void);

/* Tasks not reaped (tests, and sysinfo's procs). */
unsigned task_count(void);

/* Every task that is not reaped, for process.c's walks (interrupts off). */
struct task *task_first(void);

/*
 * What /proc shows of a task (kernel/task/task_info.c; fs/proc_pid.c).
 * task_find_any finds zombies too (task_find does not); interrupts off,
 * and the task stays only until the caller turns them on or sleeps.
 */
struct task *task_find_any(int pid);
/* A user process, or the zombie of one still waiting for its parent (exit
 * clears `user`; a kernel thread's parent is kmain, ppid 0). */
bool task_is_process(const struct task *t);
/* Linux's state letter: R running or runnable, S sleeping, T stopped, Z zombie. */
char task_state_char(const struct task *t);
/* The same as /proc/PID/status writes it: "R (running)", "S (sleeping)", ... */
const char *task_state_name(const struct task *t);

/*
 * Processes (kernel/task/process.c): what fork, exit and wait4 need of
 * each other.  The wait queue that parents in wait4 sleep on, woken at each
 * exit, stop and continue.
 */
extern struct wait_queue task_child_wq;
/* At exit, with t's resources freed, before it becomes a zombie: its
 * children go to init, its parent is told (SIGCHLD) or it is left to the
 * reaper (interrupts off). */
void process_exit_notify(struct task *t);
/* t stopped (signo) or continued (signo 0): the parent is told (SIGCHLD
 * with CLD_STOPPED or CLD_CONTINUED unless SA_NOCLDSTOP) and wait4 woken. */
void process_stop_notify(struct task *t, int signo);
/* What a wait found (kernel/task/process.c, waitid.c): the child, wait4's
 * status word, waitid's si_code (CLD_*) and si_status, its CPU time. */
struct wait_report {
	int pid;
	int status;
	int code;
	int child_status; /* waitid's si_status */
	u32 uid;	  /* waitid's si_uid: the child's real uid */
	u64 cpu_ns;
	u64 utime_ns; /* the user time of cpu_ns */
};
/*
 * Wait as wait4 and waitid do for a child matching (which, id): P_ALL,
 * P_PID id, P_PGID id (<abi/wait.h>), with options WEXITED, WSTOPPED,
 * WCONTINUED, WNOHANG, WNOWAIT.  1 and *r filled, 0 (WNOHANG: nothing to
 * report), -ECHILD, -ERESTARTSYS.
 */
int process_wait(int which, int id, int options, struct wait_report *r);
/* The rusage wait4 and waitid report for a child of cpu_ns, utime_ns of it user time. */
struct rusage;
void process_wait_rusage(u64 cpu_ns, u64 utime_ns, struct rusage *ru);
/* ru_utime and ru_stime of CPU time cpu_ns, utime_ns of it user time (process_times.c). */
void rusage_set_times(struct rusage *ru, u64 cpu_ns, u64 utime_ns);
/* kill(pid <= 0, signo): the caller's group, every process, or group -pid. */
long process_kill_many(int pid, int signo, const siginfo_t *info);
/*
 * Every process of group pgid (> 0), and only those: what the kernel
 * itself sends to a group (the terminal's ^C, SIGTTIN...).  Never through
 * kill's numbering, where -1 means every process and group 1 (init's,
 * the console's at boot) cannot be named.  -ESRCH if the group is empty.
 */
long process_kill_group(int pgid, int signo, const siginfo_t *info);

/*
 * Threads (kernel/task/thread.c): a thread ending tells whoever waits on
 * its CLONE_CHILD_CLEARTID word; set_thread_area's descriptors of the task
 * switched in are loaded into the GDT.
 */
void thread_exit_notify(struct task *t);
void thread_load_tls(struct task *next);

#endif
