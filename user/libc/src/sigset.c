/*
 * Signal sets: the kernel's 64-bit mask, signal N at bit N-1.  A signal
 * number outside 1..64 is EINVAL.  sigfillset sets all 64 (the kernel
 * itself never blocks SIGKILL or SIGSTOP, whatever the mask says).
 */
#include <errno.h>
#include <signal.h>

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
	*set = ~(sigset_t)0;
	return 0;
}

int sigaddset(sigset_t *set, int sig)
{
	if (!sig_valid(sig))
		return -1;
	*set |= ABI_SIGMASK(sig);
	return 0;
}

int sigdelset(sigset_t *set, int sig)
{
	if (!sig_valid(sig))
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
