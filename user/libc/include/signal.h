/*
 * <signal.h>: POSIX signals on top of the kernel ABI (<abi/signal.h>).
 *
 * siginfo_t, union sigval, struct sigevent, stack_t and struct sigcontext
 * are the kernel's own structures.  sigset_t is the kernel's 64-bit set
 * (signal N is bit N-1), so sigprocmask & co. pass it through unchanged.
 * struct sigaction is the POSIX form; sigaction() translates it into the
 * kernel's struct abi_sigaction and installs a restorer that returns from the
 * handler through rt_sigreturn (SA_RESTORER).
 *
 * SIGRTMIN is 34, SIGRTMAX 64, as in glibc: 32 and 33 are kept for the
 * thread library (cancellation, SIGEV_THREAD timers; src/thread.h).
 */
#ifndef _SIGNAL_H
#define _SIGNAL_H

#include <sys/types.h>
#include <abi/signal.h>
#include <abi/time.h>

#undef SIGRTMIN
#define SIGRTMIN (ABI_SIGRTMIN + 2)

#define NSIG (ABI_NSIG + 1) /* one more than the highest signal number */
#define _NSIG NSIG

typedef abi_sigset_t sigset_t;
typedef int sig_atomic_t;
typedef abi_sighandler_t sighandler_t;
typedef abi_sighandler_t sig_t;
typedef struct sigcontext mcontext_t;
typedef struct ucontext ucontext_t;

struct sigaction {
	union {
		void (*sa_handler)(int);
		void (*sa_sigaction)(int, siginfo_t *, void *);
	} __sa_handler;
	sigset_t sa_mask;
	int sa_flags;
	void (*sa_restorer)(void);
};
#define sa_handler __sa_handler.sa_handler
#define sa_sigaction __sa_handler.sa_sigaction

int kill(pid_t pid, int sig);
int killpg(pid_t pgrp, int sig);
int raise(int sig);
int sigqueue(pid_t pid, int sig, const union sigval value);
sighandler_t signal(int sig, sighandler_t handler);
sighandler_t sigset(int sig, sighandler_t handler);
int sigaction(int sig, const struct sigaction *act, struct sigaction *oact);
int sigprocmask(int how, const sigset_t *set, sigset_t *oset);
int pthread_sigmask(int how, const sigset_t *set, sigset_t *oset);
int sigpending(sigset_t *set);
int sigsuspend(const sigset_t *mask);
int sigwait(const sigset_t *set, int *sig);
int sigwaitinfo(const sigset_t *set, siginfo_t *info);
int sigtimedwait(const sigset_t *set, siginfo_t *info, const struct timespec *timeout);
int sigaltstack(const stack_t *ss, stack_t *old);
int siginterrupt(int sig, int flag);
int sighold(int sig);
int sigrelse(int sig);
int sigignore(int sig);
int sigpause(int sig);

int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigaddset(sigset_t *set, int sig);
int sigdelset(sigset_t *set, int sig);
int sigismember(const sigset_t *set, int sig);
int sigisemptyset(const sigset_t *set);
int sigorset(sigset_t *dst, const sigset_t *a, const sigset_t *b);
int sigandset(sigset_t *dst, const sigset_t *a, const sigset_t *b);

void psignal(int sig, const char *msg);
void psiginfo(const siginfo_t *info, const char *msg);

#endif
