/*
 * exit, atexit, _exit, abort.
 *
 * atexit handlers run in the reverse order of registration; a handler may
 * register another, which then runs next.  _exit asks for exit_group (the
 * whole process) and falls back on exit (the task) for a kernel without it.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <limits.h>
#include "syscall.h"

static void (*atexit_fns[ATEXIT_MAX])(void);
static int atexit_count;

int atexit(void (*fn)(void))
{
	if (atexit_count == ATEXIT_MAX)
		return -1;
	atexit_fns[atexit_count++] = fn;
	return 0;
}

void exit(int status)
{
	while (atexit_count > 0)
		atexit_fns[--atexit_count]();
	fflush(NULL);
	_exit(status);
}

void _exit(int status)
{
	sys_1(__NR_exit_group, status);
	for (;;)
		sys_1(__NR_exit, status);
}

void _Exit(int status)
{
	_exit(status);
}

/*
 * abort: SIGABRT cannot be blocked or ignored away.  Unblock it and raise
 * it; if a handler returns, put the default action back and raise again.
 */
void abort(void)
{
	sigset_t set;
	struct sigaction sa = {0};

	sigemptyset(&set);
	sigaddset(&set, SIGABRT);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGABRT);

	sa.sa_handler = SIG_DFL;
	sigaction(SIGABRT, &sa, NULL);
	raise(SIGABRT);
	_exit(127);
}
