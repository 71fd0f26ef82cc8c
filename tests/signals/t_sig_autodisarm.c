/*
 * sigaltstack with SS_AUTODISARM (Linux 4.7): the flag is kept and read
 * back; while a handler runs on the alternate stack the stack is disarmed
 * (sigaltstack reads SS_DISABLE, size 0), so the handler may swapcontext
 * away and back; the frame's uc_stack holds the stack as it was, and
 * rt_sigreturn puts it back.  Without the flag, a handler on the stack
 * sees SS_ONSTACK and it stays armed.
 */
/* parallel: yes */
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>
#include "../tap.h"

#ifndef SS_AUTODISARM
#define SS_AUTODISARM (1U << 31)
#endif

static char alt[65536];
static volatile int ran, on_alt, in_flags, in_size, uc_flags, uc_size, uc_sp_ok;
static volatile int set_inside = -1;

static void handler(int sig, siginfo_t *info, void *ctx)
{
	ucontext_t *uc = ctx;
	stack_t cur;
	uintptr_t here = (uintptr_t)&cur;

	(void)sig;
	(void)info;
	ran++;
	on_alt = here > (uintptr_t)alt && here <= (uintptr_t)alt + sizeof(alt);
	sigaltstack(NULL, &cur);
	in_flags = cur.ss_flags;
	in_size = (int)cur.ss_size;
	uc_flags = uc->uc_stack.ss_flags;
	uc_size = (int)uc->uc_stack.ss_size;
	uc_sp_ok = uc->uc_stack.ss_sp == alt;
	/* Not on an armed stack: a new one may be set (rt_sigreturn undoes it). */
	if (in_flags == SS_DISABLE) {
		stack_t other = { .ss_sp = alt, .ss_size = 8192, .ss_flags = 0 };

		set_inside = sigaltstack(&other, NULL);
	}
}

static void install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
}

int main(void)
{
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt), .ss_flags = (int)SS_AUTODISARM };
	stack_t old;

	install();
	ok(sigaltstack(&ss, NULL) == 0, "sigaltstack with SS_AUTODISARM is accepted");
	ok(sigaltstack(NULL, &old) == 0 && old.ss_flags == (int)SS_AUTODISARM &&
		   old.ss_size == sizeof(alt) && old.ss_sp == alt,
	   "it is kept: read back as SS_AUTODISARM (flags %#x)", (unsigned)old.ss_flags);

	raise(SIGUSR1);
	ok(ran == 1 && on_alt, "the handler runs on the alternate stack");
	ok(in_flags == SS_DISABLE && in_size == 0,
	   "inside, the stack is disarmed: SS_DISABLE, size 0 (flags %#x, size %d)",
	   (unsigned)in_flags, in_size);
	ok(uc_flags == (int)SS_AUTODISARM && uc_size == (int)sizeof(alt) && uc_sp_ok,
	   "uc_stack holds the stack as it was (flags %#x, size %d)", (unsigned)uc_flags,
	   uc_size);
	ok(set_inside == 0, "inside, sigaltstack may set another stack");
	ok(sigaltstack(NULL, &old) == 0 && old.ss_flags == (int)SS_AUTODISARM &&
		   old.ss_size == sizeof(alt) && old.ss_sp == alt,
	   "rt_sigreturn puts it back (flags %#x, size %u)", (unsigned)old.ss_flags,
	   (unsigned)old.ss_size);
	raise(SIGUSR1);
	ok(ran == 2 && on_alt, "the next handler runs on it again");

	/* Without the flag: SS_ONSTACK inside, no disarming. */
	ss.ss_flags = 0;
	ok(sigaltstack(&ss, NULL) == 0 && sigaltstack(NULL, &old) == 0 && old.ss_flags == 0,
	   "without SS_AUTODISARM: flags 0");
	set_inside = -2;
	raise(SIGUSR1);
	ok(ran == 3 && on_alt && in_flags == SS_ONSTACK && in_size == (int)sizeof(alt),
	   "a handler on it sees SS_ONSTACK and the whole stack (flags %#x)", (unsigned)in_flags);
	ok(set_inside == -2, "and does not try to replace it");

	/* SS_DISABLE | SS_AUTODISARM: disabled, the flag kept as Linux keeps it. */
	ss.ss_flags = SS_DISABLE | (int)SS_AUTODISARM;
	ok(sigaltstack(&ss, NULL) == 0 && sigaltstack(NULL, &old) == 0 &&
		   old.ss_flags == (SS_DISABLE | (int)SS_AUTODISARM) && old.ss_size == 0,
	   "SS_DISABLE|SS_AUTODISARM: disabled (flags %#x)", (unsigned)old.ss_flags);
	return done_testing();
}
