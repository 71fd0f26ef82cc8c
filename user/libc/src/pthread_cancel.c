/*
 * Cancellation: pthread_cancel, its state and type, testcancel, cleanup
 * handlers, and the cancellation points' system-call gate.
 *
 * pthread_cancel sets the target's `cancel` flag.  A deferred cancellation
 * acts when the target reaches a cancellation point: every such libc call
 * makes its system call through __syscall_cp, which checks the flag just
 * before entering the kernel (syscall_cp.S).  A target already blocked in
 * the kernel is woken by SIGCANCEL (32, one of the two signals kept from
 * programs, as glibc keeps them); the signal is sent only while the
 * target's cancellation is enabled, so a thread that disabled it never sees
 * an EINTR it did not ask for.  The handler acts at once when the type is
 * asynchronous, and otherwise only when the thread was inside the
 * cancellation point's window; past it, the call returns -EINTR and the C
 * side acts.  Acting is pthread_exit(PTHREAD_CANCELED): cleanup handlers,
 * key destructors, the end of the thread.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include "thread.h"

extern const char __cp_begin[], __cp_end[], __cp_cancel[];

void __cancel(void)
{
	pthread_exit(PTHREAD_CANCELED);
}

long __syscall_cp(long nr, long a, long b, long c, long d, long e, long f)
{
	struct pthread *self = thread_self();
	long ret;

	if (self->cancel_disable)
		return sys_6(nr, a, b, c, d, e, f);
	ret = __syscall_cp_asm(&self->cancel, nr, a, b, c, d, e, f);
	if (ret == -EINTR && self->cancel && !self->cancel_disable)
		__cancel();
	return ret;
}

static void cancel_handler(int sig, siginfo_t *si, void *ctx)
{
	struct pthread *self = thread_self();
	ucontext_t *uc = ctx;
	uintptr_t pc = uc->uc_mcontext.eip;

	(void)sig;
	/* Only our own pthread_cancel's tgkill counts, not a stray kill(32). */
	if (si->si_code != SI_TKILL || si->si_pid != getpid())
		return;
	if (!self->cancel || self->cancel_disable)
		return;
	if (self->cancel_async) {
		/* Leave the handler for good: the interrupted code's mask. */
		sys_4(__NR_rt_sigprocmask, SIG_SETMASK, (long)&uc->uc_sigmask, 0, ABI_SIGSET_SIZE);
		__cancel();
	}
	if (pc >= (uintptr_t)__cp_begin && pc < (uintptr_t)__cp_end)
		uc->uc_mcontext.eip = (uintptr_t)__cp_cancel;
}

void __restore_rt(void);

/* Installed once, before the first SIGCANCEL is sent. */
void __cancel_handler_install(void)
{
	static volatile int installed;
	struct abi_sigaction sa;

	if (installed)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.handler = (abi_sighandler_t)(void (*)(void))cancel_handler;
	sa.flags = SA_SIGINFO | SA_RESTART | SA_RESTORER;
	sa.restorer = __restore_rt;
	sa.mask = 0;
	sys_4(__NR_rt_sigaction, SIGCANCEL, (long)&sa, 0, ABI_SIGSET_SIZE);
	installed = 1;
}

int pthread_cancel(pthread_t thread)
{
	struct pthread *t = (struct pthread *)thread, *self = thread_self();
	abi_sigset_t mask;
	int ret = 0;

	if (t == self) {
		self->cancel = 1;
		if (self->cancel_async && !self->cancel_disable)
			__cancel();
		return 0;
	}
	__cancel_handler_install();
	__threads_lock(&mask);
	if (!__thread_valid(t)) {
		ret = ESRCH;
	} else {
		t->cancel = 1;
		if (!t->cancel_disable && t->tid)
			sys_3(__NR_tgkill, getpid(), t->tid, SIGCANCEL);
	}
	__threads_unlock(&mask);
	return ret;
}

int pthread_setcancelstate(int state, int *oldstate)
{
	struct pthread *self = thread_self();

	if (state != PTHREAD_CANCEL_ENABLE && state != PTHREAD_CANCEL_DISABLE)
		return EINVAL;
	if (oldstate)
		*oldstate = self->cancel_disable;
	self->cancel_disable = (unsigned char)state;
	if (!self->cancel_disable && self->cancel && self->cancel_async)
		__cancel();
	return 0;
}

int pthread_setcanceltype(int type, int *oldtype)
{
	struct pthread *self = thread_self();

	if (type != PTHREAD_CANCEL_DEFERRED && type != PTHREAD_CANCEL_ASYNCHRONOUS)
		return EINVAL;
	if (oldtype)
		*oldtype = self->cancel_async;
	self->cancel_async = (unsigned char)type;
	if (!self->cancel_disable && self->cancel && self->cancel_async)
		__cancel();
	return 0;
}

void pthread_testcancel(void)
{
	struct pthread *self = thread_self();

	if (self->cancel && !self->cancel_disable)
		__cancel();
}

void _pthread_cleanup_push(struct __ptcb *cb, void (*fn)(void *), void *arg)
{
	struct pthread *self = thread_self();

	cb->__f = fn;
	cb->__x = arg;
	cb->__next = self->cleanup;
	self->cleanup = cb;
}

void _pthread_cleanup_pop(struct __ptcb *cb, int execute)
{
	thread_self()->cleanup = cb->__next;
	if (execute)
		cb->__f(cb->__x);
}
