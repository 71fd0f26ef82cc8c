/*
 * POSIX signal calls over the kernel's rt_* calls.
 *
 * sigaction translates POSIX's struct sigaction into the kernel's struct
 * abi_sigaction and always names __restore_rt (crt0.S) as the restorer, so
 * that a handler's return lands on rt_sigreturn.  Every set is passed with
 * sigsetsize ABI_SIGSET_SIZE.
 *
 * Every handler is installed with SA_SIGINFO, whether the program asked for
 * it or not: the kernel then always builds the rt frame (siginfo +
 * ucontext), which rt_sigreturn undoes.  Linux builds an older frame for
 * handlers without SA_SIGINFO, which only the old sigreturn call undoes;
 * tick386 has just the rt frame.  A plain handler(int) called with three
 * arguments sees only the first (cdecl: the caller pops), so it makes no
 * difference to the program, and sigaction reports SA_SIGINFO back only
 * where the program set it.
 *
 * Signals 32 and 33 belong to the thread library, as in glibc (SIGRTMIN is
 * 34): sigaction refuses them, and the masks a program sets never block
 * them.  The waits are cancellation points (thread.h).
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "thread.h"

void __restore_rt(void);

/* Signals whose handler the program installed with SA_SIGINFO. */
static abi_sigset_t siginfo_asked;

int sigaction(int sig, const struct sigaction *act, struct sigaction *oact)
{
	struct abi_sigaction kact, koact;
	long ret;

	if (sig == SIGCANCEL || sig == SIGSETXID) {
		errno = EINVAL;
		return -1;
	}
	if (act) {
		kact.handler = act->sa_handler;
		kact.flags = (unsigned long)(unsigned int)act->sa_flags | SA_RESTORER;
		if (act->sa_handler != SIG_DFL && act->sa_handler != SIG_IGN)
			kact.flags |= SA_SIGINFO;
		kact.restorer = __restore_rt;
		kact.mask = act->sa_mask;
	}
	ret = sys_4(__NR_rt_sigaction, sig, act ? (long)&kact : 0, oact ? (long)&koact : 0,
		    ABI_SIGSET_SIZE);
	if (sys_is_error(ret))
		return (int)sys_ret(ret);
	if (oact) {
		unsigned long flags = koact.flags & ~(unsigned long)SA_RESTORER;

		if (!(siginfo_asked & ABI_SIGMASK(sig)))
			flags &= ~(unsigned long)SA_SIGINFO;
		memset(oact, 0, sizeof(*oact));
		oact->sa_handler = koact.handler;
		oact->sa_flags = (int)flags;
		oact->sa_mask = koact.mask;
		oact->sa_restorer = NULL;
	}
	if (act) {
		if (act->sa_flags & SA_SIGINFO)
			siginfo_asked |= ABI_SIGMASK(sig);
		else
			siginfo_asked &= ~ABI_SIGMASK(sig);
	}
	return 0;
}

/*
 * signal(): the BSD semantics glibc gives it: the handler stays installed,
 * the signal is blocked while it runs, interrupted calls restart.
 */
sighandler_t signal(int sig, sighandler_t handler)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

/* System V's sigset(): like signal, plus SIG_HOLD is not supported. */
sighandler_t sigset(int sig, sighandler_t handler)
{
	return signal(sig, handler);
}

int siginterrupt(int sig, int flag)
{
	struct sigaction sa;

	if (sigaction(sig, NULL, &sa) < 0)
		return -1;
	if (flag)
		sa.sa_flags &= ~SA_RESTART;
	else
		sa.sa_flags |= SA_RESTART;
	return sigaction(sig, &sa, NULL);
}

int sigignore(int sig)
{
	return signal(sig, SIG_IGN) == SIG_ERR ? -1 : 0;
}

static int mask_one(int how, int sig)
{
	sigset_t set;

	sigemptyset(&set);
	if (sigaddset(&set, sig) < 0)
		return -1;
	return sigprocmask(how, &set, NULL);
}

int sighold(int sig)
{
	return mask_one(SIG_BLOCK, sig);
}

int sigrelse(int sig)
{
	return mask_one(SIG_UNBLOCK, sig);
}

int sigpause(int sig)
{
	sigset_t mask;

	if (sigprocmask(SIG_BLOCK, NULL, &mask) < 0 || sigdelset(&mask, sig) < 0)
		return -1;
	return sigsuspend(&mask);
}

int kill(pid_t pid, int sig)
{
	return (int)sys_ret(sys_2(__NR_kill, pid, sig));
}

/* raise: to the calling thread (tgkill), or the process on a kernel without it. */
int raise(int sig)
{
	long ret = sys_3(__NR_tgkill, getpid(), thread_self()->tid, sig);

	if (ret == -ENOSYS)
		return kill(getpid(), sig);
	return (int)sys_ret(ret);
}

int sigqueue(pid_t pid, int sig, const union sigval value)
{
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	info.si_signo = sig;
	info.si_code = SI_QUEUE;
	info._sifields._rt._pid = getpid();
	info._sifields._rt._uid = getuid();
	info.si_value = value;
	return (int)sys_ret(sys_3(__NR_rt_sigqueueinfo, pid, sig, (long)&info));
}

/* The mask a program asks for, without the thread library's signals. */
static long set_mask(int how, const sigset_t *set, sigset_t *oset)
{
	sigset_t copy;

	if (set && how != SIG_UNBLOCK) {
		copy = *set & ~(sigset_t)INTERNAL_SIGNALS;
		set = &copy;
	}
	return sys_4(__NR_rt_sigprocmask, how, (long)set, (long)oset, ABI_SIGSET_SIZE);
}

int sigprocmask(int how, const sigset_t *set, sigset_t *oset)
{
	return (int)sys_ret(set_mask(how, set, oset));
}

/* The calling thread's mask; errors are returned, errno is left alone. */
int pthread_sigmask(int how, const sigset_t *set, sigset_t *oset)
{
	long ret = set_mask(how, set, oset);

	return sys_is_error(ret) ? (int)-ret : 0;
}

int sigpending(sigset_t *set)
{
	return (int)sys_ret(sys_2(__NR_rt_sigpending, (long)set, ABI_SIGSET_SIZE));
}

int sigsuspend(const sigset_t *mask)
{
	return (int)sys_ret(__syscall_cp(__NR_rt_sigsuspend, (long)mask, ABI_SIGSET_SIZE, 0, 0, 0, 0));
}

/*
 * glibc folds the kernel's SI_TKILL (tkill, tgkill: raise, pthread_kill)
 * into SI_USER here, since raise is kill to a program; so does this libc.
 * A handler still sees SI_TKILL.
 */
int sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout)
{
	long ret = __syscall_cp(__NR_rt_sigtimedwait, (long)set, (long)info, (long)timeout,
				ABI_SIGSET_SIZE, 0, 0);

	if (!sys_is_error(ret) && info && info->si_code == SI_TKILL)
		info->si_code = SI_USER;
	return (int)sys_ret(ret);
}

int sigwaitinfo(const sigset_t *set, siginfo_t *info)
{
	return sigtimedwait(set, info, NULL);
}

/* sigwait returns the error number; a handler running meanwhile is no error. */
int sigwait(const sigset_t *set, int *sig)
{
	long ret;

	do
		ret = __syscall_cp(__NR_rt_sigtimedwait, (long)set, 0, 0, ABI_SIGSET_SIZE, 0, 0);
	while (ret == -EINTR);
	if (sys_is_error(ret))
		return (int)-ret;
	*sig = (int)ret;
	return 0;
}

int sigaltstack(const stack_t *ss, stack_t *old)
{
	return (int)sys_ret(sys_2(__NR_sigaltstack, (long)ss, (long)old));
}
