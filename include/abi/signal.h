/*
 * Signals of the tick386 ABI: numbers, flags, codes and the layouts the
 * kernel and user/libc exchange (rt_sigaction's argument, siginfo_t, struct
 * sigevent, the signal frame).  Everything follows Linux i386.
 *
 * Names.  Where the kernel and the libc see the same shape, the POSIX name is
 * used here (siginfo_t, union sigval, struct sigevent, stack_t, struct
 * sigcontext, struct ucontext), and user/libc's <signal.h> exposes these very
 * definitions.  Where the libc shows programs another form, the ABI form has
 * an abi_ prefix: struct abi_sigaction is what rt_sigaction takes, the libc
 * builds POSIX's struct sigaction on top of it.
 *
 * Signal sets.  The kernel's set is 64 bits (bit N-1 = signal N), passed by
 * pointer with sigsetsize = ABI_SIGSET_SIZE (8) to every rt_* call; any other
 * size is -EINVAL.  user/libc's sigset_t is this same 64-bit type, so a set
 * can be handed to the kernel as it is.
 *
 * Real-time signals.  The kernel's are 32..64 (ABI_SIGRTMIN..ABI_SIGRTMAX).
 * glibc reserves 32 and 33 for its threads library and reports SIGRTMIN as
 * 34; so does user/libc (<signal.h>), whose threads use them the same way.
 *
 * Host builds (HOST_BUILD) see glibc's <signal.h>, whose structures have the
 * same members with x86-64 sizes; there only the abi_ types and the constants
 * glibc lacks are defined here.
 */
#ifndef TICK386_ABI_SIGNAL_H
#define TICK386_ABI_SIGNAL_H

#include <abi/types.h>

#ifdef HOST_BUILD
#include <signal.h>
#endif

/* --- numbers ------------------------------------------------------------ */

#define ABI_NSIG        64 /* signals are 1 .. ABI_NSIG */
#define ABI_SIGRTMIN    32
#define ABI_SIGRTMAX    64

/*
 * Signals that may be queued on one process at once (sysconf's
 * _SC_SIGQUEUE_MAX, POSIX minimum 32): beyond it rt_sigqueueinfo (and a
 * kill of a real-time signal) is -EAGAIN.
 */
#define ABI_SIGQUEUE_MAX 1024

#ifndef SIGHUP
#define SIGHUP          1
#define SIGINT          2
#define SIGQUIT         3
#define SIGILL          4
#define SIGTRAP         5
#define SIGABRT         6
#define SIGIOT          6
#define SIGBUS          7
#define SIGFPE          8
#define SIGKILL         9
#define SIGUSR1         10
#define SIGSEGV         11
#define SIGUSR2         12
#define SIGPIPE         13
#define SIGALRM         14
#define SIGTERM         15
#define SIGSTKFLT       16
#define SIGCHLD         17
#define SIGCONT         18
#define SIGSTOP         19
#define SIGTSTP         20
#define SIGTTIN         21
#define SIGTTOU         22
#define SIGURG          23
#define SIGXCPU         24
#define SIGXFSZ         25
#define SIGVTALRM       26
#define SIGPROF         27
#define SIGWINCH        28
#define SIGIO           29
#define SIGPOLL         SIGIO
#define SIGPWR          30
#define SIGSYS          31
#define SIGRTMIN        ABI_SIGRTMIN
#define SIGRTMAX        ABI_SIGRTMAX
#endif

/* --- sets --------------------------------------------------------------- */

typedef unsigned long long abi_sigset_t;
#define ABI_SIGSET_SIZE 8
/* The bit of signal `sig` (1..64) in an abi_sigset_t. */
#define ABI_SIGMASK(sig) (1ULL << ((sig) - 1))

/* how of rt_sigprocmask */
#ifndef SIG_BLOCK
#define SIG_BLOCK       0
#define SIG_UNBLOCK     1
#define SIG_SETMASK     2
#endif

/* --- actions ------------------------------------------------------------ */

typedef void (*abi_sighandler_t)(int);
typedef void (*abi_sigrestore_t)(void);

#ifndef SIG_DFL
#define SIG_DFL         ((abi_sighandler_t)0)
#define SIG_IGN         ((abi_sighandler_t)1)
#define SIG_ERR         ((abi_sighandler_t)-1)
#endif

/* sa_flags (Linux i386 values) */
#ifndef SA_NOCLDSTOP
#define SA_NOCLDSTOP    0x00000001
#define SA_NOCLDWAIT    0x00000002
#define SA_SIGINFO      0x00000004
#define SA_ONSTACK      0x08000000
#define SA_RESTART      0x10000000
#define SA_NODEFER      0x40000000
#define SA_RESETHAND    0x80000000
#define SA_NOMASK       SA_NODEFER
#define SA_ONESHOT      SA_RESETHAND
#endif
/*
 * sa_restorer is valid: the handler returns to it.  user/libc always sets it,
 * with a restorer that runs rt_sigreturn without touching the stack.
 */
#ifndef SA_RESTORER
#define SA_RESTORER     0x04000000
#endif

/*
 * What rt_sigaction(sig, act, oact, ABI_SIGSET_SIZE) reads and writes:
 * 20 bytes, in the order of the i386 kernel (not the order of POSIX's struct
 * sigaction).  handler is SIG_DFL, SIG_IGN, or the address of the handler,
 * which takes (int) or, with SA_SIGINFO, (int, siginfo_t *, void *).
 */
struct abi_sigaction {
	abi_sighandler_t handler;
	unsigned long flags;
	abi_sigrestore_t restorer;
	abi_sigset_t mask;
};

/* --- siginfo codes ------------------------------------------------------ */

#ifndef SI_USER
#define SI_USER         0    /* kill, raise */
#define SI_KERNEL       0x80 /* sent by the kernel */
#define SI_QUEUE        (-1) /* sigqueue */
#define SI_TIMER        (-2) /* POSIX timer expiry */
#define SI_MESGQ        (-3)
#define SI_ASYNCIO      (-4)
#define SI_SIGIO        (-5)
#define SI_TKILL        (-6) /* tkill, tgkill */
#endif

#ifndef ILL_ILLOPC
#define ILL_ILLOPC      1 /* illegal opcode (#UD) */
#define ILL_ILLOPN      2
#define ILL_ILLADR      3
#define ILL_ILLTRP      4
#define ILL_PRVOPC      5 /* privileged opcode (#GP on hlt, cli, ...) */
#define ILL_PRVREG      6
#define ILL_COPROC      7
#define ILL_BADSTK      8

#define FPE_INTDIV      1 /* integer divide by zero (#DE) */
#define FPE_INTOVF      2
#define FPE_FLTDIV      3
#define FPE_FLTOVF      4
#define FPE_FLTUND      5
#define FPE_FLTRES      6
#define FPE_FLTINV      7
#define FPE_FLTSUB      8

#define SEGV_MAPERR     1 /* address not mapped */
#define SEGV_ACCERR     2 /* mapped, access not allowed */

#define BUS_ADRALN      1
#define BUS_ADRERR      2
#define BUS_OBJERR      3

#define TRAP_BRKPT      1
#define TRAP_TRACE      2

#define CLD_EXITED      1
#define CLD_KILLED      2
#define CLD_DUMPED      3
#define CLD_TRAPPED     4
#define CLD_STOPPED     5
#define CLD_CONTINUED   6
#endif

/* sigev_notify */
#ifndef SIGEV_SIGNAL
#define SIGEV_SIGNAL    0 /* queue sigev_signo with SI_TIMER */
#define SIGEV_NONE      1 /* no notification */
#define SIGEV_THREAD    2 /* a thread runs a function: refused by tick386 */
#define SIGEV_THREAD_ID 4 /* signal aimed at task sigev_notify_thread_id */
#endif

/* sigaltstack */
#ifndef SS_ONSTACK
#define SS_ONSTACK      1
#define SS_DISABLE      2
#define MINSIGSTKSZ     2048
#define SIGSTKSZ        8192
#endif
#ifndef SS_AUTODISARM
/* A flag bit beside the mode: the stack is disarmed while a handler runs on
 * it, and put back by rt_sigreturn from the frame's uc_stack (Linux 4.7). */
#define SS_AUTODISARM   (1U << 31)
#define SS_FLAG_BITS    SS_AUTODISARM
#endif

#ifndef HOST_BUILD

/* --- structures shared under their POSIX names --------------------------- */

union sigval {
	int sival_int;
	void *sival_ptr;
};
typedef union sigval sigval_t;

/*
 * siginfo_t: 128 bytes.  Three ints, then one member of _sifields chosen by
 * the signal and si_code; the kernel zeroes the rest.
 */
#define ABI_SIGINFO_SIZE 128
#define ABI_SI_PAD_WORDS ((ABI_SIGINFO_SIZE - 3 * sizeof(int)) / sizeof(int))

typedef struct siginfo {
	int si_signo;
	int si_errno;
	int si_code;
	union {
		int _pad[ABI_SI_PAD_WORDS];
		struct { /* SI_USER, SI_TKILL: kill, raise */
			pid_t _pid;
			uid_t _uid;
		} _kill;
		struct { /* SI_TIMER */
			int _tid;          /* the kernel's timer id */
			int _overrun;      /* expiries not signalled */
			sigval_t _sigval;  /* sigev_value of the timer */
			int _sys_private;  /* kernel use; not shown to users */
		} _timer;
		struct { /* SI_QUEUE: sigqueue, rt_sigqueueinfo */
			pid_t _pid;
			uid_t _uid;
			sigval_t _sigval;
		} _rt;
		struct { /* SIGCHLD */
			pid_t _pid;
			uid_t _uid;
			int _status;
			clock_t _utime;
			clock_t _stime;
		} _sigchld;
		struct { /* SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP */
			void *_addr;
			short _addr_lsb;
		} _sigfault;
		struct { /* SIGPOLL */
			long _band;
			int _fd;
		} _sigpoll;
	} _sifields;
} siginfo_t;

#define si_pid      _sifields._kill._pid
#define si_uid      _sifields._kill._uid
#define si_tid      _sifields._timer._tid
#define si_timerid  _sifields._timer._tid /* glibc's name for si_tid */
#define si_overrun  _sifields._timer._overrun
#define si_value    _sifields._rt._sigval
#define si_int      _sifields._rt._sigval.sival_int
#define si_ptr      _sifields._rt._sigval.sival_ptr
#define si_status   _sifields._sigchld._status
#define si_utime    _sifields._sigchld._utime
#define si_stime    _sifields._sigchld._stime
#define si_addr     _sifields._sigfault._addr
#define si_addr_lsb _sifields._sigfault._addr_lsb
#define si_band     _sifields._sigpoll._band
#define si_fd       _sifields._sigpoll._fd

/*
 * struct sigevent: 64 bytes, argument of timer_create.  A NULL sigevent
 * means { SIGEV_SIGNAL, SIGALRM, sival_int = the new timer's id }.
 */
#define ABI_SIGEVENT_SIZE 64
#define ABI_SIGEV_PAD_WORDS \
	((ABI_SIGEVENT_SIZE - sizeof(int) * 2 - sizeof(sigval_t)) / sizeof(int))

typedef struct sigevent {
	sigval_t sigev_value;
	int sigev_signo;
	int sigev_notify;
	union {
		int _pad[ABI_SIGEV_PAD_WORDS];
		int _tid; /* SIGEV_THREAD_ID: the target task */
		struct {  /* SIGEV_THREAD (not supported by tick386) */
			void (*_function)(sigval_t);
			void *_attribute;
		} _sigev_thread;
	} _sigev_un;
} sigevent_t;

#define sigev_notify_function   _sigev_un._sigev_thread._function
#define sigev_notify_attributes _sigev_un._sigev_thread._attribute
#define sigev_notify_thread_id  _sigev_un._tid

/* sigaltstack: 12 bytes. */
typedef struct sigaltstack {
	void *ss_sp;
	int ss_flags;
	size_t ss_size;
} stack_t;

/*
 * The user registers saved in a signal frame and restored by rt_sigreturn:
 * 88 bytes, the i386 Linux layout.  Segment registers are 16-bit fields
 * padded to 32.  rt_sigreturn must take from here only what user mode may
 * hold: user segment selectors (RPL 3), and only the user-changeable eflags
 * bits (never IOPL, VM or NT).
 */
struct sigcontext {
	unsigned short gs, __gsh;
	unsigned short fs, __fsh;
	unsigned short es, __esh;
	unsigned short ds, __dsh;
	unsigned long edi;
	unsigned long esi;
	unsigned long ebp;
	unsigned long esp;
	unsigned long ebx;
	unsigned long edx;
	unsigned long ecx;
	unsigned long eax;
	unsigned long trapno;        /* vector of the fault, if any */
	unsigned long err;           /* error code of the fault */
	unsigned long eip;
	unsigned short cs, __csh;
	unsigned long eflags;
	unsigned long esp_at_signal;
	unsigned short ss, __ssh;
	void *fpstate;               /* saved FPU state; NULL if none */
	unsigned long oldmask;       /* low 32 bits of the blocked mask */
	unsigned long cr2;           /* faulting address of a page fault */
};

/*
 * The ucontext given to an SA_SIGINFO handler as its third argument: 116
 * bytes.  uc_sigmask is the mask to restore on rt_sigreturn.
 */
struct ucontext {
	unsigned long uc_flags;
	struct ucontext *uc_link;
	stack_t uc_stack;
	struct sigcontext uc_mcontext;
	abi_sigset_t uc_sigmask;
};

/*
 * The frame the kernel pushes on the user stack to run a handler (as Linux
 * i386's rt_sigframe).  Entering the handler, esp = &frame->pretcode, so the
 * handler sees (sig, pinfo, puc) as its cdecl arguments and returns to
 * pretcode (the sa_restorer, or retcode when there is none).  The restorer
 * executes rt_sigreturn without touching the stack, with esp = &frame->sig:
 * the kernel finds the frame at esp - 4.  The kernel places the frame so
 * that &frame->sig is 16-byte aligned (esp + 4 = 0 mod 16 at the handler's
 * first instruction, what the i386 SysV ABI promises every function), below
 * the interrupted esp (Linux also skips nothing: there is no red zone on
 * i386).  retcode holds
 * `mov $__NR_rt_sigreturn, %eax; int $0x80` for handlers without restorer.
 *
 * tick386 builds this one frame for every handler, with or without
 * SA_SIGINFO, and has no old-style sigreturn (119).  (Linux builds an older
 * frame for handlers without SA_SIGINFO; user/libc installs every handler
 * with SA_SIGINFO, so that its one restorer fits both kernels.)
 */
struct abi_rt_sigframe {
	unsigned long pretcode;
	int sig;
	siginfo_t *pinfo;
	struct ucontext *puc;
	siginfo_t info;
	struct ucontext uc;
	unsigned char retcode[8];
};

#if defined(__i386__)
_Static_assert(sizeof(siginfo_t) == 128, "siginfo_t is 128 bytes");
_Static_assert(__builtin_offsetof(siginfo_t, si_tid) == 12, "si_tid at 12");
_Static_assert(__builtin_offsetof(siginfo_t, si_overrun) == 16, "si_overrun at 16");
_Static_assert(__builtin_offsetof(siginfo_t, si_value) == 20, "si_value at 20");
_Static_assert(__builtin_offsetof(siginfo_t, si_addr) == 12, "si_addr at 12");
_Static_assert(sizeof(struct sigevent) == 64, "struct sigevent is 64 bytes");
_Static_assert(__builtin_offsetof(struct sigevent, sigev_notify) == 8, "sigev_notify at 8");
_Static_assert(__builtin_offsetof(struct sigevent, sigev_notify_thread_id) == 12, "tid at 12");
_Static_assert(sizeof(struct abi_sigaction) == 20, "rt_sigaction's struct is 20 bytes");
_Static_assert(sizeof(stack_t) == 12, "stack_t is 12 bytes");
_Static_assert(sizeof(struct sigcontext) == 88, "struct sigcontext is 88 bytes");
_Static_assert(__builtin_offsetof(struct ucontext, uc_mcontext) == 20, "uc_mcontext at 20");
_Static_assert(__builtin_offsetof(struct ucontext, uc_sigmask) == 108, "uc_sigmask at 108");
_Static_assert(sizeof(struct ucontext) == 116, "struct ucontext is 116 bytes");
_Static_assert(__builtin_offsetof(struct abi_rt_sigframe, info) == 16, "frame info at 16");
_Static_assert(__builtin_offsetof(struct abi_rt_sigframe, uc) == 144, "frame uc at 144");
#endif

#endif /* !HOST_BUILD */

#endif
