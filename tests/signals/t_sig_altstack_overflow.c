/*
 * Signals nested on a small alternate stack (MINSIGSTKSZ, SA_ONSTACK |
 * SA_NODEFER): each handler raises the signal again from the alternate
 * stack.  A frame that would not fit in what is left of the stack is never
 * placed: the task gets SIGSEGV instead (which cannot run either, so the
 * process dies of it), and no frame is written below the stack nor over a
 * live one at its top.  The nesting runs in a child; each handler reports
 * its depth, its stack pointer and whether the guard bytes under the stack
 * are intact through a pipe.  Then rt_sigreturn and uc_stack: a handler
 * that edits uc_stack gets it checked as sigaltstack checks it, errors
 * silently ignored (Linux's restore_altstack).
 */
/* parallel: yes */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>
#include "../tap.h"

#define ALT_SIZE 2048 /* MINSIGSTKSZ on i386 */
#define GUARD 4096
#define MAX_DEPTH 64

static unsigned char area[GUARD + ALT_SIZE + GUARD] __attribute__((aligned(16)));
static unsigned char *const alt = area + GUARD;

static int guard_intact(void)
{
	for (int i = 0; i < GUARD; i++)
		if (area[i] != 0xa5 || area[GUARD + ALT_SIZE + i] != 0xa5)
			return 0;
	return 1;
}

static int within_alt(unsigned long sp)
{
	return sp > (unsigned long)alt && sp <= (unsigned long)alt + ALT_SIZE;
}

/* "# depth D at N bytes above the base\n" by write: no stdio on 2 KiB */
static void note_depth(int depth, unsigned long above)
{
	char line[64] = "# depth ", *p = line + 8;
	char digits[12];
	int n;

	for (n = 0; depth || !n; depth /= 10)
		digits[n++] = (char)('0' + depth % 10);
	while (n)
		*p++ = digits[--n];
	memcpy(p, " at ", 4), p += 4;
	for (n = 0; above || !n; above /= 10)
		digits[n++] = (char)('0' + above % 10);
	while (n)
		*p++ = digits[--n];
	memcpy(p, " bytes above the base\n", 22), p += 22;
	if (write(1, line, (size_t)(p - line)) < 0)
		_exit(3);
}

/*
 * The nesting, in a child.  Each handler checks where it runs and exits
 * at once with a status naming what is wrong: 10 off the alternate stack,
 * 11 guard bytes written, 12 not below the handler it interrupted; 2 if it
 * nested MAX_DEPTH deep.  Right, the child dies of SIGSEGV.
 */
static volatile int depth;
static volatile unsigned long last_sp = ~0ul;

static void nest(int sig)
{
	volatile char here;
	unsigned long sp = (unsigned long)&here;

	note_depth(++depth, sp - (unsigned long)alt);
	if (!within_alt(sp))
		_exit(10);
	if (!guard_intact())
		_exit(11);
	if (sp >= last_sp)
		_exit(12);
	last_sp = sp;
	if (depth < MAX_DEPTH)
		raise(sig);
	_exit(2);
}

static void child(void)
{
	struct sigaction sa;
	stack_t ss = {.ss_sp = alt, .ss_size = ALT_SIZE, .ss_flags = 0};

	if (sigaltstack(&ss, NULL))
		_exit(4);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = nest;
	sa.sa_flags = SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	_exit(5);
}

static volatile unsigned long once_sp;

static void once(int sig)
{
	volatile char here;

	(void)sig;
	once_sp = (unsigned long)&here;
}

static void test_overflow(void)
{
	struct sigaction sa;
	stack_t ss = {.ss_sp = alt, .ss_size = ALT_SIZE, .ss_flags = 0};
	stack_t off = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};
	int status = 0;
	pid_t pid;

	memset(area, 0xa5, sizeof(area));
	/* one handler, not nested: it fits and runs there */
	ok(sigaltstack(&ss, NULL) == 0, "sigaltstack of MINSIGSTKSZ bytes");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = once;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	raise(SIGUSR1);
	ok(within_alt(once_sp), "a handler runs on it");
	ok(guard_intact(), "inside it");
	sigaltstack(&off, NULL);

	pid = fork();
	if (pid == 0)
		child();
	ok(waitpid(pid, &status, 0) == pid && WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV,
	   "handlers nested on it: SIGSEGV when the next frame does not fit, every one on the "
	   "stack, each below the last, nothing written outside (status %#x)",
	   status);
	ok(guard_intact(), "the parent's memory is untouched");
}

/* --- uc_stack at rt_sigreturn ------------------------------------------------ */

static stack_t new_uc_stack;
static char big_stack[4 * ALT_SIZE];

static void edit_uc_stack(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig, (void)info;
	uc->uc_stack = new_uc_stack;
}

/* raise SIGUSR2 whose handler stores s in uc_stack; the altstack after. */
static stack_t after_return(stack_t s)
{
	stack_t now;

	new_uc_stack = s;
	raise(SIGUSR2);
	memset(&now, 0, sizeof(now));
	sigaltstack(NULL, &now);
	return now;
}

static void test_uc_stack(void)
{
	struct sigaction sa;
	stack_t s, now, off = {.ss_sp = NULL, .ss_size = 0, .ss_flags = SS_DISABLE};

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = edit_uc_stack;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
	sigaltstack(&off, NULL);

	s.ss_sp = big_stack, s.ss_size = sizeof(big_stack), s.ss_flags = 0;
	now = after_return(s);
	ok(now.ss_sp == big_stack && now.ss_size == sizeof(big_stack) && now.ss_flags == 0,
	   "a good uc_stack is taken by rt_sigreturn");
	s.ss_sp = area, s.ss_size = 100, s.ss_flags = 0;
	now = after_return(s);
	ok(now.ss_sp == big_stack && now.ss_size == sizeof(big_stack),
	   "one smaller than MINSIGSTKSZ is ignored");
	s.ss_sp = area, s.ss_size = sizeof(area), s.ss_flags = 0x7;
	now = after_return(s);
	ok(now.ss_sp == big_stack && now.ss_size == sizeof(big_stack),
	   "one with a bad mode is ignored");
	s.ss_sp = (void *)0xc0000000, s.ss_size = 0x10000000, s.ss_flags = 0;
	now = after_return(s);
	ok(now.ss_sp == (void *)0xc0000000 && now.ss_size == 0x10000000,
	   "one in the kernel's half is taken, as sigaltstack takes it");
	s.ss_sp = NULL, s.ss_size = 12345, s.ss_flags = SS_DISABLE;
	now = after_return(s);
	ok(now.ss_flags == SS_DISABLE && now.ss_size == 0, "SS_DISABLE disables it");
	ok(raise(SIGUSR2) == 0, "and signals still run");
}

int main(void)
{
	test_overflow();
	test_uc_stack();
	return done_testing();
}
