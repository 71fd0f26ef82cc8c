/*
 * Signal sets: the kernel's 64-bit mask, signal N at bit N-1.  A signal
 * number outside 1..64 is EINVAL.  Signals 32 and 33 are the thread
 * library's (thread.h): as in glibc, sigfillset leaves them out and
 * sigaddset/sigdelset refuse them, so that no set a program builds holds
 * them.  sigfillset sets the other 62 (the kernel itself never blocks
 * SIGKILL or SIGSTOP, whatever the mask says).
 */
#include <errno.h>
#include <signal.h>
#include "thread.h"

static int sig_valid(int sig)
{
	if (sig < 1 || sig > ABI_NSIG) {
		errno = EINVAL;
		return 0;
	}
	return 1;
}

int sigemptyset(sigset_t *set)
{
	*set = 0;
	return 0;
}

int sigfillset(sigset_t *set)
{
	*set = ~(sigset_t)INTERNAL_SIGNALS;
	return 0;
}

/* A signal a program may put in a set. */
static int sig_settable(int sig)
{
	if (sig == SIGCANCEL || sig == SIGSETXID) {
		errno = EINVAL;
		return 0;
	}
	return sig_valid(sig);
}

int sigaddset(sigset_t *set, int sig)
{
	if (!sig_settable(sig))
		return -1;
	*set |= ABI_SIGMASK(sig);
	return 0;
}

int sigdelset(sigset_t *set, int sig)
{
	if (!sig_settable(sig))
		return -1;
	*set &= ~ABI_SIGMASK(sig);
	return 0;
}

int sigismember(const sigset_t *set, int sig)
{
	if (!sig_valid(sig))
		return -1;
	return (*set & ABI_SIGMASK(sig)) != 0;
}

int sigisemptyset(const sigset_t *set)
{
	return *set == 0;
}

int sigorset(sigset_t *dst, const sigset_t *a, const sigset_t *b)
{
	*dst = *a | *b;
	return 0;
}

int sigandset(sigset_t *dst, const sigset_t *a, const sigset_t *b)
{
	*dst = *a & *b;
	return 0;
}
