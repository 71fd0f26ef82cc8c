/*
 * Nested signals on a small alternate stack.
 *
 * A 2 KiB (or 4 KiB) sigaltstack with guard bytes below and above it; a
 * handler with SA_ONSTACK | SA_NODEFER that sends itself its signal again,
 * deeper and deeper (and, some times, a second signal whose handler has no
 * SA_ONSTACK: on the alternate stack already, its frame goes there too).
 * No frame may be written outside the alternate stack: when the next one
 * does not fit, Linux forces SIGSEGV (get_sigframe's "would overflow"), and
 * the process ends by it.  Each handler checks where its frame is and that
 * the guards are whole, and ends the process with a status of its own if
 * not (compared: Linux says "killed by SEGV").
 */
#include "race.h"
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define GUARD 4096
#define GUARD_BYTE 0xa5
static unsigned char area[GUARD + 4096 + GUARD] __attribute__((aligned(4096)));
static size_t alt_size;
static volatile int depth, max_depth, second;

static int guards_whole(void)
{
	for (size_t i = 0; i < GUARD; i++)
		if (area[i] != GUARD_BYTE || area[GUARD + alt_size + i] != GUARD_BYTE)
			return 0;
	return 1;
}

static void check_frame(void *local)
{
	unsigned char *p = local, *base = area + GUARD;

	if (p < base || p >= base + alt_size) {
		static const char m[] = "# handler frame outside the alternate stack\n";

		sys3(__NR_write, 1, m, sizeof(m) - 1);
		sys1(__NR_exit_group, 41);
	}
	if (!guards_whole()) {
		static const char m[] = "# guard bytes of the alternate stack written\n";

		sys3(__NR_write, 1, m, sizeof(m) - 1);
		sys1(__NR_exit_group, 42);
	}
}

static void handler(int signo, siginfo_t *si, void *uc)
{
	volatile int local = signo;

	(void)si;
	(void)uc;
	check_frame((void *)&local);
	if (++depth < max_depth)
		sys2(__NR_kill, sys0(__NR_getpid), second && (depth & 1) ? SIGUSR2 : SIGUSR1);
	check_frame((void *)&local);
}

int sc_altstack(void)
{
	struct sigaction sa;
	stack_t ss;

	/* Deep: the stack overflows on both kernels.  Two frames of 4 KiB: it
	 * fits on both (Linux's i386 frame with its FXSAVE area is ~1.4 KiB). */
	alt_size = chance(75) ? 2048 : 4096;
	max_depth = alt_size == 4096 && chance(40) ? 2 : 64;
	second = chance(30);
	say("  alternate stack %zu bytes, depth %d%s", alt_size, max_depth,
	    second ? ", SIGUSR2 between (no SA_ONSTACK)" : "");
	flush_out();
	memset(area, GUARD_BYTE, sizeof(area));
	ss.ss_sp = area + GUARD;
	ss.ss_size = alt_size;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) < 0) {
		say("  sigaltstack failed");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGUSR2, &sa, NULL);
	sys2(__NR_kill, sys0(__NR_getpid), SIGUSR1);
	if (!guards_whole())
		return 42;
	say("# depth %d reached", depth);
	return 0;
}
