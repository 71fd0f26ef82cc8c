/*
 * Handlers: the mask while one runs (its own signal, sa_mask), nesting with
 * the ucontext of each level, SA_NODEFER, SA_RESETHAND, the stack alignment
 * at entry, SA_ONSTACK with nesting on the alternate stack, a signal
 * blocked in a handler arriving after it returns, and a handler installed
 * without SA_RESTORER (the kernel provides the way back).
 */
/* parallel: yes */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>
#include "../tap.h"

static volatile int depth, max_depth, count, order[8], norder;
static volatile int usr1_blocked_inside, usr2_blocked_inside, term_blocked_inside;
static volatile int aligned, inner_saw_usr1_in_uc, outer_after_inner;
static volatile uintptr_t alt_addr[2];

static void note(int v)
{
	if (norder < 8)
		order[norder++] = v;
}

static void mask_probe(int sig)
{
	sigset_t cur;

	(void)sig;
	sigprocmask(SIG_BLOCK, NULL, &cur);
	usr1_blocked_inside = sigismember(&cur, SIGUSR1);
	usr2_blocked_inside = sigismember(&cur, SIGUSR2);
	term_blocked_inside = sigismember(&cur, SIGTERM);
	/* The i386 ABI: esp + 4 is 16-aligned at entry, so ebp = esp - 4 is 8 mod 16. */
	aligned = ((uintptr_t)__builtin_frame_address(0) & 15) == 8;
}

static void inner(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig, (void)info;
	inner_saw_usr1_in_uc = sigismember(&uc->uc_sigmask, SIGUSR1);
	note(2);
}

static void outer(int sig, siginfo_t *info, void *ctx)
{
	(void)sig, (void)info, (void)ctx;
	note(1);
	raise(SIGUSR2); /* runs now, on top of this handler */
	outer_after_inner = norder == 2;
	note(3);
}

static void self_again(int sig)
{
	depth++;
	if (depth > max_depth)
		max_depth = depth;
	if (++count < 4)
		raise(sig);
	depth--;
}

static void resethand(int sig)
{
	struct sigaction now;

	sigaction(sig, NULL, &now);
	count = now.sa_handler == SIG_DFL ? 1 : -1;
}

static void later(int sig)
{
	(void)sig;
	note(20);
}

static void blocks_then_raises(int sig)
{
	(void)sig;
	note(10);
	raise(SIGUSR2); /* blocked by sa_mask: after we return */
	note(11);
}

static char alt[2][65536];

static void on_alt(int sig)
{
	char here;

	alt_addr[sig == SIGUSR1 ? 0 : 1] = (uintptr_t)&here;
	if (sig == SIGUSR1)
		raise(SIGUSR2);
}

static void install(int sig, void (*h)(int), int flags, const sigset_t *mask)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sa.sa_flags = flags;
	if (mask)
		sa.sa_mask = *mask;
	else
		sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static void install_info(int sig, void (*h)(int, siginfo_t *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = h;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

/* The kernel's struct sigaction on i386: handler, flags, restorer, mask. */
struct kact {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long long mask;
};

static volatile int plain_runs;
static void plain(int sig)
{
	(void)sig;
	plain_runs++;
}

int main(void)
{
	sigset_t m, cur;
	stack_t ss, old;

	/* The mask inside a handler: its signal, sa_mask, and what was blocked. */
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	install(SIGUSR1, mask_probe, 0, &m);
	sigemptyset(&cur);
	sigaddset(&cur, SIGTERM);
	sigprocmask(SIG_SETMASK, &cur, NULL);
	raise(SIGUSR1);
	ok(usr1_blocked_inside && usr2_blocked_inside && term_blocked_inside,
	   "inside: own signal, sa_mask and the old mask are blocked (%d %d %d)",
	   usr1_blocked_inside, usr2_blocked_inside, term_blocked_inside);
	ok(aligned, "the handler's stack is aligned as the i386 ABI says");
	sigprocmask(SIG_SETMASK, NULL, &cur);
	ok(sigismember(&cur, SIGTERM) && !sigismember(&cur, SIGUSR1) && !sigismember(&cur, SIGUSR2),
	   "after: the old mask is back");
	install(SIGUSR1, mask_probe, SA_NODEFER, NULL);
	raise(SIGUSR1);
	ok(!usr1_blocked_inside, "SA_NODEFER: own signal not blocked inside");
	sigemptyset(&cur);
	sigprocmask(SIG_SETMASK, &cur, NULL);

	/* Nesting: a handler interrupted by another one. */
	install_info(SIGUSR1, outer);
	install_info(SIGUSR2, inner);
	norder = 0;
	raise(SIGUSR1);
	ok(norder == 3 && order[0] == 1 && order[1] == 2 && order[2] == 3,
	   "nested: outer, inner, rest of outer");
	ok(outer_after_inner, "the inner handler ran to completion inside the outer one");
	ok(inner_saw_usr1_in_uc,
	   "the inner ucontext's mask is the outer handler's (SIGUSR1 blocked)");

	/* A signal blocked by sa_mask waits for the handler's return. */
	sigemptyset(&m);
	sigaddset(&m, SIGUSR2);
	install(SIGUSR1, blocks_then_raises, 0, &m);
	install(SIGUSR2, later, 0, NULL);
	norder = 0;
	raise(SIGUSR1);
	ok(norder == 3 && order[0] == 10 && order[1] == 11 && order[2] == 20,
	   "sa_mask: SIGUSR2 runs after the SIGUSR1 handler returns (%d: %d %d %d)", norder,
	   order[0], order[1], order[2]);

	/* Own signal deferred without SA_NODEFER, nested with it. */
	install(SIGUSR1, self_again, 0, NULL);
	depth = max_depth = count = 0;
	raise(SIGUSR1);
	ok(count == 4 && max_depth == 1, "own signal deferred: 4 runs, depth %d", max_depth);
	install(SIGUSR1, self_again, SA_NODEFER, NULL);
	depth = max_depth = count = 0;
	raise(SIGUSR1);
	ok(count == 4 && max_depth == 4, "SA_NODEFER: 4 runs nested, depth %d", max_depth);

	/* SA_RESETHAND: SIG_DFL already while the handler runs. */
	install(SIGUSR2, resethand, SA_RESETHAND, NULL);
	count = 0;
	raise(SIGUSR2);
	ok(count == 1, "SA_RESETHAND: the action is SIG_DFL inside the handler");
	{
		struct sigaction now;

		sigaction(SIGUSR2, NULL, &now);
		ok(now.sa_handler == SIG_DFL, "and stays SIG_DFL");
	}

	/* SA_ONSTACK: on the alternate stack, nested handlers stay on it. */
	ss.ss_sp = alt[0];
	ss.ss_size = sizeof(alt[0]);
	ss.ss_flags = 0;
	ok(sigaltstack(&ss, &old) == 0, "sigaltstack");
	install(SIGUSR1, on_alt, SA_ONSTACK, NULL);
	install(SIGUSR2, on_alt, SA_ONSTACK, NULL);
	alt_addr[0] = alt_addr[1] = 0;
	raise(SIGUSR1);
	ok(alt_addr[0] > (uintptr_t)alt[0] && alt_addr[0] < (uintptr_t)alt[1],
	   "SA_ONSTACK: the handler runs on the alternate stack");
	ok(alt_addr[1] > (uintptr_t)alt[0] && alt_addr[1] < alt_addr[0],
	   "a nested SA_ONSTACK handler goes below it on the same stack");
	ok(sigaltstack(NULL, &old) == 0 && old.ss_flags == 0 && old.ss_size == sizeof(alt[0]),
	   "sigaltstack reads it back (flags %d)", old.ss_flags);
	ss.ss_flags = SS_DISABLE;
	ok(sigaltstack(&ss, NULL) == 0 && sigaltstack(NULL, &old) == 0 &&
	       old.ss_flags == SS_DISABLE,
	   "SS_DISABLE");
	/* No SA_RESTORER: the handler still returns to the interrupted code. */
	{
		struct kact k;
		volatile int canary = 0x1234;

		memset(&k, 0, sizeof(k));
		k.handler = plain;
		ok(syscall(SYS_rt_sigaction, SIGUSR1, &k, NULL, 8) == 0,
		   "rt_sigaction without SA_RESTORER");
		plain_runs = 0;
		raise(SIGUSR1);
		raise(SIGUSR1);
		ok(plain_runs == 2 && canary == 0x1234, "its handler runs and returns, twice");
	}
	return done_testing();
}
