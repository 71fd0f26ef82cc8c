/*
 * Threads: create, exit, join, detach, self, equal, kill, CPU clocks.
 *
 * A pthread_t is the address of the thread's TCB (struct pthread,
 * thread.h).  Every thread not yet joined is on one list, so that a handle
 * can be checked (ESRCH) instead of trusted; the list's lock also keeps a
 * TCB from being freed while another thread looks at it.
 *
 * Who frees a thread's block (stack, TLS, TCB) is decided by one
 * compare-and-swap on detach_state:
 *   JOINABLE -> EXITED    by the thread in pthread_exit: the joiner frees it
 *                         (or pthread_detach, which then finds it EXITED);
 *   JOINABLE -> DETACHED  by pthread_detach: the thread frees itself.
 * A thread cannot free the stack it runs on, so a detached thread that ends
 * puts itself on the dead list, and the block is freed later by whoever
 * next reaps that list (pthread_create, pthread_join), once the kernel has
 * cleared the thread's tid: the kernel does that (CLONE_CHILD_CLEARTID)
 * only when the thread will never touch its stack again.  A joiner waits
 * for the same event, with a futex on the tid.
 *
 * The new thread starts with every signal blocked (the parent blocks them
 * around clone) and then takes the mask the parent had, so no handler runs
 * on a thread that is not set up yet.
 */
#include <abi/clone.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "thread.h"

/* glibc's set. */
#define THREAD_CLONE_FLAGS                                                                         \
	(ABI_CLONE_VM | ABI_CLONE_FS | ABI_CLONE_FILES | ABI_CLONE_SIGHAND | ABI_CLONE_THREAD |    \
	 ABI_CLONE_SYSVSEM | ABI_CLONE_SETTLS | ABI_CLONE_PARENT_SETTID |                          \
	 ABI_CLONE_CHILD_CLEARTID)

int __thread_clone(int flags, void *stack, volatile int *ptid, void *tls, volatile int *ctid);
size_t __attr_stacksize(const pthread_attr_t *attr);
int __attr_detached(const pthread_attr_t *attr);
void *__attr_stack(const pthread_attr_t *attr, size_t *size);

volatile int __thread_list_lock;
static struct pthread *threads; /* every thread not yet joined */
static struct pthread *dead;	/* detached threads that ended, their blocks not yet freed */

static void list_add(struct pthread **head, struct pthread *t)
{
	t->prev = NULL;
	t->next = *head;
	if (*head)
		(*head)->prev = t;
	*head = t;
}

static void list_del(struct pthread **head, struct pthread *t)
{
	if (t->prev)
		t->prev->next = t->next;
	else
		*head = t->next;
	if (t->next)
		t->next->prev = t->prev;
}

int __thread_valid(struct pthread *t)
{
	struct pthread *p;

	if (!threads)
		list_add(&threads, __libc_main_tcb); /* the first call: the first thread */
	for (p = threads; p; p = p->next)
		if (p == t)
			return 1;
	return 0;
}

struct pthread *__thread_list_first(void)
{
	__thread_valid(NULL);
	return threads;
}

/* Free the blocks of dead threads the kernel is done with.  List lock held. */
static void reap(void)
{
	struct pthread *t = dead, *next;

	for (; t; t = next) {
		next = t->next;
		if (t->tid == 0) {
			list_del(&dead, t);
			free(t->block);
		}
	}
}

pthread_t pthread_self(void)
{
	return (pthread_t)thread_self();
}

int pthread_equal(pthread_t a, pthread_t b)
{
	return a == b;
}

static void block_all_signals(abi_sigset_t *old)
{
	abi_sigset_t all = ~(abi_sigset_t)0;

	sys_4(__NR_rt_sigprocmask, SIG_SETMASK, (long)&all, (long)old, ABI_SIGSET_SIZE);
}

static void set_mask(const abi_sigset_t *mask)
{
	sys_4(__NR_rt_sigprocmask, SIG_SETMASK, (long)mask, 0, ABI_SIGSET_SIZE);
}

/*
 * The thread list's lock is taken with every signal blocked: pthread_kill
 * is async-signal-safe, and a handler that ran while its own thread held
 * the lock would wait for it for ever.
 */
void __threads_lock(abi_sigset_t *old)
{
	block_all_signals(old);
	lock(&__thread_list_lock);
}

void __threads_unlock(const abi_sigset_t *old)
{
	unlock(&__thread_list_lock);
	set_mask(old);
}

/* The first function of every new thread (clone.S calls it on the new stack). */
__attribute__((noreturn, used)) static void thread_start(struct pthread *self)
{
	set_mask(&self->start_mask);
	pthread_exit(self->start(self->arg));
}

int pthread_create(pthread_t *res, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
	size_t stack_size, user_size;
	void *user_stack = attr ? __attr_stack(attr, &user_size) : NULL;
	char *block = NULL, *lo, *hi;
	struct pthread *t;
	struct abi_user_desc desc;
	abi_sigset_t old;
	uintptr_t sp;
	long ret;

	if (!__libc_tls_ok)
		return EAGAIN; /* the kernel has no threads */
	__threads_lock(&old);
	reap();
	__threads_unlock(&old);

	if (user_stack) {
		lo = user_stack;
		hi = lo + user_size;
	} else {
		stack_size = __attr_stacksize(attr);
		block = malloc(stack_size + __tls_area_size());
		if (!block)
			return EAGAIN;
		lo = block;
		hi = block + stack_size + __tls_area_size();
	}
	t = __tls_place(lo, hi);
	if (!t || (char *)t - lo < PTHREAD_STACK_MIN / 2) {
		free(block);
		return EINVAL;
	}
	t->block = block;
	t->start = start;
	t->arg = arg;
	t->detach_state = attr && __attr_detached(attr) ? DT_DETACHED : DT_JOINABLE;
	t->multiple_threads = 1;
	thread_self()->multiple_threads = 1;

	/* The child's stack: thread_start and t, stack + 4 aligned to 16. */
	sp = ((uintptr_t)t - __tls_area_size() + sizeof(*t)) & ~(uintptr_t)15;
	t->stack_lo = lo;
	t->stack_size = sp - (uintptr_t)lo;
	sp -= 20;
	((void **)sp)[0] = (void *)thread_start;
	((void **)sp)[1] = t;
	__tls_descriptor(&desc, __libc_tls_entry, t);

	*res = (pthread_t)t; /* before the thread runs, as glibc: it may read it */
	__threads_lock(&old);
	t->start_mask = old;
	__thread_valid(t); /* makes sure the first thread is listed */
	list_add(&threads, t);
	__libc_nthreads++;
	ret = __thread_clone(THREAD_CLONE_FLAGS, (void *)sp, &t->tid, &desc, &t->tid);
	if (sys_is_error(ret)) {
		list_del(&threads, t);
		__libc_nthreads--;
	}
	__threads_unlock(&old);
	if (sys_is_error(ret)) {
		free(block);
		return EAGAIN;
	}
	return 0;
}

void pthread_exit(void *result)
{
	struct pthread *self = thread_self();
	abi_sigset_t mask;

	/* A cleanup handler's cancellation points do not cancel again. */
	self->cancel_disable = 1;
	self->cancel_async = 0;
	self->result = result;
	while (self->cleanup) {
		struct __ptcb *c = self->cleanup;

		self->cleanup = c->__next;
		c->__f(c->__x);
	}
	__keys_run_destructors(self);

	__threads_lock(&mask);
	if (__libc_nthreads == 1) {
		/* The last thread: the process ends, as if main returned 0. */
		__threads_unlock(&mask);
		exit(0);
	}
	__libc_nthreads--;
	/* Signals stay blocked: no handler runs here now, no process signal is taken. */
	if (cas(&self->detach_state, DT_JOINABLE, DT_EXITED) == DT_DETACHED) {
		__thread_valid(self);
		list_del(&threads, self);
		list_add(&dead, self);
	}
	unlock(&__thread_list_lock);
	for (;;)
		sys_1(__NR_exit, 0);
}

/* Wait until the kernel says t has ended (its tid cleared). */
static int wait_ended(struct pthread *t, int cancellable)
{
	int tid;

	while ((tid = t->tid) != 0)
		__futex_wait_abs(&t->tid, tid, CLOCK_REALTIME, NULL, 0, cancellable);
	return 0;
}

int pthread_join(pthread_t thread, void **result)
{
	struct pthread *t = (struct pthread *)thread;
	abi_sigset_t mask;
	int ret = 0;

	if (t == thread_self())
		return EDEADLK;
	__threads_lock(&mask);
	if (!__thread_valid(t))
		ret = ESRCH;
	else if (t->detach_state == DT_DETACHED)
		ret = EINVAL;
	__threads_unlock(&mask);
	if (ret)
		return ret;
	/* A cancellation point: cancelled here, the thread stays joinable. */
	wait_ended(t, 1);
	__threads_lock(&mask);
	list_del(&threads, t);
	reap();
	__threads_unlock(&mask);
	if (result)
		*result = t->result;
	free(t->block);
	return 0;
}

int pthread_detach(pthread_t thread)
{
	struct pthread *t = (struct pthread *)thread;
	abi_sigset_t mask;
	int ret = 0;

	__threads_lock(&mask);
	if (!__thread_valid(t)) {
		ret = ESRCH;
	} else {
		switch (cas(&t->detach_state, DT_JOINABLE, DT_DETACHED)) {
		case DT_DETACHED:
			ret = EINVAL;
			break;
		case DT_EXITED: /* ended already: its block goes when the kernel is done */
			list_del(&threads, t);
			list_add(&dead, t);
			reap();
			break;
		}
	}
	__threads_unlock(&mask);
	return ret;
}

/* glibc: a thread that ended but was not joined yet takes signal 0 and others, quietly. */
int pthread_kill(pthread_t thread, int sig)
{
	struct pthread *t = (struct pthread *)thread;
	abi_sigset_t mask;
	long ret = 0;

	if (sig == SIGCANCEL || sig == SIGSETXID)
		return EINVAL;
	__threads_lock(&mask);
	if (!__thread_valid(t)) {
		ret = -ESRCH;
	} else {
		int tid = t->tid;

		if (tid) {
			ret = sys_3(__NR_tgkill, getpid(), tid, sig);
			if (ret == -ESRCH)
				ret = 0; /* it is ending: not joined yet, so still a thread */
			else if (ret == -ENOSYS && t == thread_self())
				ret = sys_2(__NR_kill, getpid(), sig); /* a kernel without tgkill */
		} else if (sig < 0 || sig > ABI_NSIG) {
			ret = -EINVAL;
		}
	}
	__threads_unlock(&mask);
	return (int)-ret;
}

int pthread_getcpuclockid(pthread_t thread, clockid_t *clock)
{
	struct pthread *t = (struct pthread *)thread;
	abi_sigset_t mask;
	int ret = 0;

	__threads_lock(&mask);
	if (!__thread_valid(t) || !t->tid)
		ret = ESRCH;
	else
		*clock = MAKE_THREAD_CPUCLOCK(t->tid, CPUCLOCK_SCHED);
	__threads_unlock(&mask);
	return ret;
}

/* ---- fork ---- */

void __fork_prepare(abi_sigset_t *mask)
{
	__threads_lock(mask);
	__malloc_lock();
}

void __fork_parent(const abi_sigset_t *mask)
{
	__malloc_unlock();
	__threads_unlock(mask);
}

/*
 * In the child of fork: only the calling thread exists.  The others' blocks
 * are copies nobody will use, so they are freed; the locks taken by
 * __fork_prepare are free again.
 */
void __thread_fork_child(const abi_sigset_t *mask)
{
	struct pthread *self = thread_self(), *t, *next;

	__malloc_fork_child();
	self->tid = __tls_fork_child();
	for (t = threads; t; t = next) {
		next = t->next;
		if (t != self)
			free(t->block);
	}
	for (t = dead; t; t = next) {
		next = t->next;
		free(t->block);
	}
	dead = NULL;
	threads = NULL;
	list_add(&threads, self);
	__libc_nthreads = 1;
	__thread_list_lock = 0;
	__timer_fork_child();
	set_mask(mask);
}
