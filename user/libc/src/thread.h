/*
 * Threads of user/libc (internal): the thread control block, the thread
 * pointer, futexes, the libc's own lock and cancellation points.
 *
 * Every thread has one struct pthread, its TCB, and %gs points at it: the
 * kernel gives each thread a TLS descriptor in the GDT (set_thread_area for
 * the first thread, clone's CLONE_SETTLS for the others) whose base is the
 * TCB.  This is i386's TLS "variant II": the thread's copy of the program's
 * static TLS block (the PT_TLS segment: gcc's __thread variables) lies just
 * below the TCB, and the first word of the TCB holds its own address, so
 * that both `movl %gs:0` (the thread pointer) and `%gs:-offset` (a
 * variable) work as gcc emits them.  The first words are laid out as
 * glibc's tcbhead_t, because compiled code reads two of them: the stack
 * protector's canary at %gs:0x14, and the thread pointer at %gs:0.
 *
 * A new thread's stack, TLS block and TCB are one malloc'd block (the
 * kernel has no mmap):  [ stack ... | TLS block | struct pthread ].
 * The main thread's TCB and TLS are a static area (tls.c), or heap memory
 * when the program's TLS does not fit there.
 *
 * On a kernel without set_thread_area (tick386 before threads), there is
 * one thread and no %gs: thread_self() then answers the main TCB from a
 * variable, errno still works, and pthread_create says EAGAIN.
 */
#ifndef TICK386_LIBC_THREAD_H
#define TICK386_LIBC_THREAD_H

#include <abi/futex.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include "syscall.h"

/* Signals the thread library keeps for itself, as glibc does (SIGRTMIN is 34). */
#define SIGCANCEL 32 /* pthread_cancel, and SIGEV_THREAD timers' helper (glibc's SIGTIMER) */
#define SIGSETXID 33 /* reserved (glibc: set*id in every thread) */
#define INTERNAL_SIGNALS (ABI_SIGMASK(SIGCANCEL) | ABI_SIGMASK(SIGSETXID))

#define KEYS_MAX 1024 /* PTHREAD_KEYS_MAX, glibc's */
#define DESTRUCTOR_ITERATIONS 4

/* detach_state: who frees a thread that ends (see pthread.c). */
enum { DT_JOINABLE, DT_DETACHED, DT_EXITED };

/* A cleanup handler; pthread_cleanup_push puts one on the caller's stack. */
struct __ptcb;

struct pthread {
	/* glibc's tcbhead_t: offsets 0x00..0x18 are read by compiled code. */
	struct pthread *tcb;	     /* 0x00: the thread pointer, this TCB */
	void *dtv;		     /* 0x04: no dynamic TLS, unused */
	struct pthread *self;	     /* 0x08 */
	int multiple_threads;	     /* 0x0c */
	unsigned long sysinfo;	     /* 0x10: no vDSO entry, unused */
	unsigned long stack_guard;   /* 0x14: -fstack-protector's canary */
	unsigned long pointer_guard; /* 0x18 */

	/*
	 * The kernel's id of the thread: written by clone (CLONE_PARENT_SETTID)
	 * and set to 0 by the kernel when the thread has ended and no longer
	 * uses its stack (CLONE_CHILD_CLEARTID, set_tid_address), with a
	 * FUTEX_WAKE: join waits on it.
	 */
	volatile int tid;
	int errno_value;

	/* All threads of the process (thread_list_lock), and the dead ones. */
	struct pthread *next, *prev;
	volatile int detach_state; /* DT_*, changed only by compare-and-swap */

	void *(*start)(void *);
	void *arg;
	void *result;
	abi_sigset_t start_mask; /* the mask the thread starts with */

	/* Cancellation: cancel is set by pthread_cancel and read by syscall_cp.S. */
	volatile int cancel;
	unsigned char cancel_disable; /* PTHREAD_CANCEL_DISABLE */
	unsigned char cancel_async;   /* PTHREAD_CANCEL_ASYNCHRONOUS */
	struct __ptcb *cleanup;	      /* innermost first */

	/* Memory: the malloc'd block of stack, TLS and TCB (NULL: main thread). */
	void *block;
	/* The stack below the TLS block (pthread_getattr_np): written by
	 * pthread_create before the thread runs, never changed; 0 for main. */
	char *stack_lo;
	size_t stack_size;

	const void *specific[KEYS_MAX];
	unsigned char specific_used; /* some value was set: destructors to run */
};

/* tls.c */
extern int __libc_tls_ok;		/* %gs holds the thread pointer */
extern struct pthread *__libc_main_tcb; /* the first thread's TCB */
extern int __libc_tls_entry;		/* GDT entry of the TLS descriptor */
extern volatile int __libc_nthreads;	/* threads alive, main included */

/*
 * The calling thread's TCB.  The asm is volatile so that gcc never hoists
 * the %gs load above the test: without TLS, %gs holds no thread pointer.
 */
static inline struct pthread *thread_self(void)
{
	struct pthread *self;

	if (__builtin_expect(!__libc_tls_ok, 0))
		return __libc_main_tcb;
	__asm__ volatile("movl %%gs:0, %0" : "=r"(self));
	return self;
}

/* Set up a TCB and its TLS block, copied from PT_TLS, inside [lo, hi): the
 * TCB as high as it fits.  Returns it, or NULL when the space is too small. */
struct pthread *__tls_place(void *lo, void *hi);
/* Bytes to reserve above a stack for the TLS block and TCB (alignment included). */
size_t __tls_area_size(void);
void __libc_thread_init(void); /* start.c calls it before anything else */
int __tls_fork_child(void);    /* the child of fork: its tid, cleared when it ends */
/* set_thread_area's and clone's descriptor of the TLS segment of TCB t. */
struct abi_user_desc;
void __tls_descriptor(struct abi_user_desc *desc, int entry, const struct pthread *t);

/* ---- futexes (<abi/futex.h>: Linux's) ---- */

#define FUTEX_WAIT ABI_FUTEX_WAIT
#define FUTEX_WAKE ABI_FUTEX_WAKE
#define FUTEX_WAIT_BITSET ABI_FUTEX_WAIT_BITSET
#define FUTEX_PRIVATE_FLAG ABI_FUTEX_PRIVATE_FLAG
#define FUTEX_CLOCK_REALTIME ABI_FUTEX_CLOCK_REALTIME
#define FUTEX_BITSET_MATCH_ANY ABI_FUTEX_BITSET_MATCH_ANY

static inline long futex_wake(volatile int *addr, int n, int priv)
{
	return sys_3(__NR_futex, (long)addr, FUTEX_WAKE | priv, n);
}

static inline long futex_wait(volatile int *addr, int val, int priv)
{
	return sys_4(__NR_futex, (long)addr, FUTEX_WAIT | priv, val, 0);
}

/*
 * Wait while *addr == val, until the absolute time abs on clock (REALTIME
 * or MONOTONIC), or forever when abs is NULL; a cancellation point when
 * cancellable.  Answers the kernel's raw result (-ETIMEDOUT, -EINTR,
 * -EAGAIN, 0).
 */
long __futex_wait_abs(volatile int *addr, int val, clockid_t clock, const struct timespec *abs,
		      int priv, int cancellable);

/* ---- atomics (gcc's builtins: lock-prefixed on i386) ---- */

static inline int cas(volatile int *p, int old, int new)
{
	return __sync_val_compare_and_swap(p, old, new);
}

static inline int swap(volatile int *p, int v)
{
	return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST);
}

/*
 * The libc's own lock (and the normal mutex's): 0 free, 1 held, 2 held
 * with waiters (Drepper, "Futexes Are Tricky", mutex 3).  Not recursive.
 */
void __lock_slow(volatile int *l, int priv);

static inline void lock(volatile int *l)
{
	if (cas(l, 0, 1) != 0)
		__lock_slow(l, FUTEX_PRIVATE_FLAG);
}

static inline void unlock(volatile int *l)
{
	if (swap(l, 0) == 2)
		futex_wake(l, 1, FUTEX_PRIVATE_FLAG);
}

/* ---- the thread list (pthread.c) ---- */

extern volatile int __thread_list_lock;
/* Take and give the list lock, with every signal blocked meanwhile. */
void __threads_lock(abi_sigset_t *old);
void __threads_unlock(const abi_sigset_t *old);
/* Is t a thread of this process, not yet joined?  Call with the list lock held. */
int __thread_valid(struct pthread *t);
struct pthread *__thread_list_first(void); /* then ->next; list lock held */
/* fork: take the libc's locks (malloc's too) around the call, signals blocked;
 * give them back in the parent; in the child this thread is the only one. */
void __fork_prepare(abi_sigset_t *mask);
void __fork_parent(const abi_sigset_t *mask);
void __thread_fork_child(const abi_sigset_t *mask);

/* ---- cancellation (pthread_cancel.c, syscall_cp.S) ---- */

/*
 * A system call that is a cancellation point: acts on a pending
 * cancellation before it starts, and when a cancellation request interrupts
 * it while it blocks (the request is SIGCANCEL; its handler sends the
 * thread to __cp_cancel while it is still in [__cp_begin, __cp_end)).
 */
long __syscall_cp(long nr, long a, long b, long c, long d, long e, long f);
long __syscall_cp_asm(volatile int *cancel, long nr, long a, long b, long c, long d, long e,
		      long f);
__attribute__((noreturn)) void __cancel(void);
void __cancel_handler_install(void);

/* ---- keys (pthread_key.c) ---- */

void __keys_run_destructors(struct pthread *self);

/* ---- SIGEV_THREAD (timer_thread.c, timer.c) ---- */

int __timer_create_thread(clockid_t clock, const struct sigevent *sev, timer_t *timerid);
void __timer_delete_thread(timer_t timerid);
extern volatile int __timer_thread_used;
void __timer_fork_child(void);
/* The SIGEV_THREAD helper (timer_thread.c), started if need be: its tid, 0 if it could not start. */
int __thread_helper_tid(void);
/* The helper got a queue's notification for descriptor mqd (mqueue_notify.c). */
void __mq_notify_run(int mqd);
/* The kernel's timer_create, at the numbers of this build (timer.c). */
long __timer_create_raw(clockid_t clock, struct sigevent *sev, timer_t *timerid);

/* ---- malloc's lock (malloc.c) ---- */

void __malloc_lock(void);
void __malloc_unlock(void);
void __malloc_fork_child(void);

#endif
