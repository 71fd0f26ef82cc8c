/*
 * Signal delivery through user/libc: sigaction with and without
 * SA_SIGINFO, the restorer, masks, pending sets, sigsuspend, sigtimedwait,
 * sigqueue's value, real-time order, SA_RESETHAND, SA_NODEFER, nesting,
 * siglongjmp out of a handler.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static volatile sig_atomic_t got, got_code, got_value, nested_depth, max_depth;
static volatile int order[8], order_n;
static siginfo_t last_info;
static void *last_uc;

static void on_plain(int sig)
{
	got = sig;
}

static void on_info(int sig, siginfo_t *info, void *uc)
{
	got = sig;
	last_info = *info;
	last_uc = uc;
	got_code = info->si_code;
	got_value = info->si_value.sival_int;
}

static void on_order(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	if (order_n < 8)
		order[order_n++] = sig * 1000 + info->si_value.sival_int;
}

static void on_nested(int sig)
{
	nested_depth++;
	if (nested_depth > max_depth)
		max_depth = nested_depth;
	if (sig == SIGUSR1)
		raise(SIGUSR2); /* runs at once, on top of this one */
	nested_depth--;
}

static volatile sig_atomic_t calls;
static void on_self_again(int sig)
{
	nested_depth++;
	if (nested_depth > max_depth)
		max_depth = nested_depth;
	if (++calls < 3)
		raise(sig);
	nested_depth--;
}

static char alt_stack[16384];
static volatile int on_alt_stack;
static void on_alt(int sig)
{
	char here;

	(void)sig;
	on_alt_stack = &here >= alt_stack && &here < alt_stack + sizeof(alt_stack);
}

/* Reads and edits the saved context: rt_sigreturn must take both back. */
static sigset_t seen_uc_mask;
static unsigned long seen_eip;
static void on_context(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig, (void)info;
	seen_uc_mask = uc->uc_sigmask;
	seen_eip = uc->uc_mcontext.eip;
	sigaddset(&uc->uc_sigmask, SIGUSR2); /* blocked once we return */
	uc->uc_mcontext.eax = 4321;	     /* what the interrupted kill returns */
}

static sigjmp_buf jump;
static void on_jump(int sig)
{
	siglongjmp(jump, sig);
}

static siginfo_t fault_info;
static sigjmp_buf fault_jump;
static void on_fault(int sig, siginfo_t *info, void *uc)
{
	(void)uc;
	fault_info = *info;
	siglongjmp(fault_jump, sig);
}

static volatile int zero, seven = 7, quotient;
static volatile int *volatile low_address = (volatile int *)0x10;

static int install(int sig, void (*h)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

static int install_info(int sig, void (*h)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = h;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL);
}

int main(void)
{
	struct sigaction sa, old;
	sigset_t set, pending, oldmask;
	siginfo_t info;
	struct timespec ts;
	union sigval v;
	int r, sig;
	volatile int stack_canary = 0x5a5a5a5a;

	ok(install(SIGUSR1, on_plain, 0) == 0, "sigaction installs a handler");
	got = 0;
	ok(raise(SIGUSR1) == 0 && got == SIGUSR1, "raise runs the handler before returning");
	ok(stack_canary == 0x5a5a5a5a, "the restorer came back with the stack intact");

	ok(sigaction(SIGUSR1, NULL, &old) == 0 && old.sa_handler == on_plain,
	   "sigaction reads the old handler back");
	ok(!(old.sa_flags & SA_SIGINFO), "no SA_SIGINFO in the old flags");

	ok(install_info(SIGUSR2, on_info) == 0, "SA_SIGINFO handler installed");
	got = 0;
	raise(SIGUSR2);
	ok(got == SIGUSR2 && last_info.si_signo == SIGUSR2, "SA_SIGINFO handler gets si_signo");
	ok(last_info.si_code == SI_USER || last_info.si_code == SI_TKILL,
	   "raise gives SI_USER (or SI_TKILL), got %d", last_info.si_code);
	ok(last_info.si_pid == getpid(), "si_pid is our pid");
	ok(last_uc != NULL, "the handler gets a ucontext");

	v.sival_int = 4242;
	got = 0;
	ok(sigqueue(getpid(), SIGUSR2, v) == 0, "sigqueue to ourselves");
	ok(got == SIGUSR2 && got_code == SI_QUEUE && got_value == 4242,
	   "sigqueue: SI_QUEUE and si_value 4242 (code %d value %d)", (int)got_code,
	   (int)got_value);

	/* Masks and pending. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	ok(sigprocmask(SIG_BLOCK, &set, &oldmask) == 0, "block SIGUSR1");
	got = 0;
	raise(SIGUSR1);
	ok(got == 0, "a blocked signal is not delivered");
	ok(sigpending(&pending) == 0 && sigismember(&pending, SIGUSR1) == 1, "it is in sigpending");
	ok(sigprocmask(SIG_UNBLOCK, &set, NULL) == 0 && got == SIGUSR1,
	   "unblocking delivers it at once");
	sigpending(&pending);
	ok(sigismember(&pending, SIGUSR1) == 0, "and it is no longer pending");
	errno = 0;
	ok(sigprocmask(99, &set, NULL) == -1 && errno == EINVAL, "sigprocmask bad how: EINVAL");
	sigprocmask(SIG_SETMASK, NULL, &set);
	ok(sigismember(&set, SIGUSR1) == 0, "SIG_SETMASK with NULL set only reads");

	/* sigsuspend: block, raise, then wait with a mask that lets it in. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR1);
	got = 0;
	sigemptyset(&set);
	errno = 0;
	r = sigsuspend(&set);
	ok(r == -1 && errno == EINTR && got == SIGUSR1,
	   "sigsuspend returns EINTR after the handler");
	sigprocmask(SIG_SETMASK, NULL, &set);
	ok(sigismember(&set, SIGUSR1) == 1, "sigsuspend restored the mask");
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);

	/* sigtimedwait. */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	ts.tv_sec = 0;
	ts.tv_nsec = 20 * 1000 * 1000;
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EAGAIN,
	   "sigtimedwait with nothing pending: EAGAIN after the timeout");
	raise(SIGUSR1);
	memset(&info, 0, sizeof(info));
	ok(sigtimedwait(&set, &info, &ts) == SIGUSR1 && info.si_signo == SIGUSR1,
	   "sigtimedwait takes the pending signal");
	raise(SIGUSR1);
	ok(sigwaitinfo(&set, &info) == SIGUSR1, "sigwaitinfo");
	raise(SIGUSR1);
	sig = 0;
	ok(sigwait(&set, &sig) == 0 && sig == SIGUSR1, "sigwait");
	ts.tv_nsec = 1000000000;
	errno = 0;
	ok(sigtimedwait(&set, &info, &ts) == -1 && errno == EINVAL,
	   "sigtimedwait bad timeout: EINVAL");
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	/*
	 * Real-time signals queue and arrive lowest number first, FIFO within
	 * one.  Each handler blocks both, so that the kernel starts one at a
	 * time (Linux stacks a frame for every deliverable signal otherwise,
	 * and the last one stacked runs first).
	 */
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN + 1);
	sigaddset(&set, SIGRTMIN + 2);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_order;
	sa.sa_flags = SA_SIGINFO;
	sa.sa_mask = set;
	sigaction(SIGRTMIN + 1, &sa, NULL);
	sigaction(SIGRTMIN + 2, &sa, NULL);
	sigprocmask(SIG_BLOCK, &set, NULL);
	order_n = 0;
	v.sival_int = 1;
	sigqueue(getpid(), SIGRTMIN + 2, v);
	v.sival_int = 2;
	sigqueue(getpid(), SIGRTMIN + 1, v);
	v.sival_int = 3;
	sigqueue(getpid(), SIGRTMIN + 2, v);
	v.sival_int = 4;
	sigqueue(getpid(), SIGRTMIN + 1, v);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	ok(order_n == 4 && order[0] == (SIGRTMIN + 1) * 1000 + 2 &&
	       order[1] == (SIGRTMIN + 1) * 1000 + 4 && order[2] == (SIGRTMIN + 2) * 1000 + 1 &&
	       order[3] == (SIGRTMIN + 2) * 1000 + 3,
	   "real-time signals: all four queued, in order (%d: %d %d %d %d)", order_n, order[0],
	   order[1], order[2], order[3]);

	/* SA_RESETHAND: the second raise would kill us, so check the action. */
	install(SIGUSR1, on_plain, SA_RESETHAND);
	got = 0;
	raise(SIGUSR1);
	sigaction(SIGUSR1, NULL, &old);
	ok(got == SIGUSR1 && old.sa_handler == SIG_DFL, "SA_RESETHAND restores SIG_DFL");

	/* Nesting: SIGUSR2 raised inside SIGUSR1's handler runs inside it. */
	install(SIGUSR1, on_nested, 0);
	install(SIGUSR2, on_nested, 0);
	nested_depth = max_depth = 0;
	raise(SIGUSR1);
	ok(max_depth == 2 && nested_depth == 0, "nested handlers (depth %d)", (int)max_depth);

	/* Without SA_NODEFER a handler's own signal waits; with it, it nests. */
	install(SIGUSR1, on_self_again, 0);
	nested_depth = max_depth = calls = 0;
	raise(SIGUSR1);
	ok(max_depth == 1 && calls == 3, "own signal deferred while its handler runs (depth %d)",
	   (int)max_depth);
	install(SIGUSR1, on_self_again, SA_NODEFER);
	nested_depth = max_depth = calls = 0;
	raise(SIGUSR1);
	ok(max_depth == 3, "SA_NODEFER lets it nest (depth %d)", (int)max_depth);

	/* sa_mask blocks more signals during the handler. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_nested;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sigaction(SIGUSR1, &sa, NULL);
	nested_depth = max_depth = 0;
	raise(SIGUSR1);
	ok(max_depth == 1, "sa_mask defers SIGUSR2 until the handler returns (depth %d)",
	   (int)max_depth);

	/* signal() and SIG_IGN. */
	ok(signal(SIGUSR1, SIG_IGN) != SIG_ERR, "signal(SIG_IGN)");
	ok(raise(SIGUSR1) == 0, "an ignored signal does nothing");
	ok(signal(SIGUSR1, on_plain) == SIG_IGN, "signal returns the previous handler");
	got = 0;
	raise(SIGUSR1);
	ok(got == SIGUSR1, "signal()'s handler runs");
	errno = 0;
	ok(signal(SIGKILL, on_plain) == SIG_ERR && errno == EINVAL, "SIGKILL cannot be caught");
	errno = 0;
	ok(sigaction(0, &sa, NULL) == -1 && errno == EINVAL, "sigaction(0): EINVAL");
	errno = 0;
	ok(sigaction(65, &sa, NULL) == -1 && errno == EINVAL, "sigaction(65): EINVAL");
	errno = 0;
	ok(kill(getpid(), 65) == -1 && errno == EINVAL, "kill with signal 65: EINVAL");
	ok(kill(getpid(), 0) == 0, "kill(pid, 0) probes");

	/* siglongjmp out of a handler restores the mask saved by sigsetjmp. */
	install(SIGUSR1, on_jump, 0);
	if ((r = sigsetjmp(jump, 1)) == 0) {
		raise(SIGUSR1);
		ok(0, "siglongjmp out of the handler");
	} else {
		ok(r == SIGUSR1, "siglongjmp out of the handler, value %d", r);
	}
	sigprocmask(SIG_SETMASK, NULL, &set);
	ok(sigismember(&set, SIGUSR1) == 0, "the mask was restored by siglongjmp");

	/* The ucontext: the mask to restore, the registers to return to. */
	install_info(SIGUSR1, on_context);
	sigemptyset(&set);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_SETMASK, &set, NULL);
	r = raise(SIGUSR1);
	ok(sigismember(&seen_uc_mask, SIGTERM) == 1 && sigismember(&seen_uc_mask, SIGUSR1) == 0,
	   "uc_sigmask holds the mask of the interrupted code");
	ok(seen_eip > 0x08048000 && seen_eip < 0x08100000,
	   "uc_mcontext.eip is in the program (%#lx)", seen_eip);
	ok(r == 4321, "rt_sigreturn restores the edited eax (raise returned %d)", r);
	sigprocmask(SIG_SETMASK, NULL, &set);
	ok(sigismember(&set, SIGUSR2) == 1 && sigismember(&set, SIGTERM) == 1,
	   "rt_sigreturn restores the edited uc_sigmask");
	sigemptyset(&set);
	sigprocmask(SIG_SETMASK, &set, NULL);

	/* Faults arrive as signals with the faulting address and code. */
	install_info(SIGSEGV, on_fault);
	install_info(SIGFPE, on_fault);
	if ((r = sigsetjmp(fault_jump, 1)) == 0) {
		*low_address = 1;
		ok(0, "a write to 0x10 faults");
	} else {
		ok(r == SIGSEGV && fault_info.si_signo == SIGSEGV &&
		       fault_info.si_code == SEGV_MAPERR && fault_info.si_addr == (void *)0x10,
		   "a write to 0x10: SIGSEGV, SEGV_MAPERR, si_addr %p", fault_info.si_addr);
	}
	if ((r = sigsetjmp(fault_jump, 1)) == 0) {
		quotient = seven / zero; /* stored, so that the division is done */
		ok(0, "a division by zero traps");
	} else {
		ok(r == SIGFPE && fault_info.si_code == FPE_INTDIV,
		   "a division by zero: SIGFPE, FPE_INTDIV (code %d)", fault_info.si_code);
	}
	signal(SIGSEGV, SIG_DFL);
	signal(SIGFPE, SIG_DFL);

	/* SA_ONSTACK runs the handler on the sigaltstack. */
	{
		stack_t ss, old_ss;

		ss.ss_sp = alt_stack;
		ss.ss_size = sizeof(alt_stack);
		ss.ss_flags = 0;
		ok(sigaltstack(&ss, &old_ss) == 0 && (old_ss.ss_flags & SS_DISABLE),
		   "sigaltstack installs a stack (none before)");
		install(SIGUSR2, on_alt, SA_ONSTACK);
		on_alt_stack = 0;
		raise(SIGUSR2);
		ok(on_alt_stack, "an SA_ONSTACK handler runs on it");
		install(SIGUSR2, on_alt, 0);
		raise(SIGUSR2);
		ok(!on_alt_stack, "a handler without SA_ONSTACK does not");
		ss.ss_flags = SS_DISABLE;
		ok(sigaltstack(&ss, NULL) == 0, "sigaltstack SS_DISABLE");
	}
	return done_testing();
}
