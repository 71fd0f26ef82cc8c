/*
 * Bad arguments to the signal calls, made straight with syscall(): each
 * gets Linux's errno (checked against the Linux host by this same file)
 * and leaves the action, the mask and the queue as they were.
 *
 * Deliberate differences: rt_sigaction and rt_sigprocmask with a good new
 * value and a bad pointer for the old one fail with EFAULT on both, but
 * Linux has already installed the new action or mask by then; tick386
 * checks the pointer first and changes nothing.  Likewise rt_sigtimedwait
 * with a bad siginfo pointer: Linux consumes the signal, tick386 leaves it
 * queued.  Those state checks run on tick386 only.
 */
/* parallel: yes */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#define BAD_LOW ((void *)8)	       /* never mapped */
#define BAD_HIGH ((void *)0xfffff000u) /* the kernel's on tick386, unmapped on Linux */
#define SETSIZE 8
#ifndef SYS_sigaltstack
#define SYS_sigaltstack 186 /* the i386 number, the same on both */
#endif

static long sys_err(long r)
{
	return r == -1 ? errno : 0;
}

#define EXPECT_ERR(call, want, ...)                                                                \
	do {                                                                                       \
		long e_;                                                                           \
		errno = 0;                                                                         \
		e_ = sys_err(call);                                                                \
		ok(e_ == (want), __VA_ARGS__);                                                     \
		if (e_ != (want))                                                                  \
			printf("# got errno %ld, want %d\n", e_, (int)(want));                     \
	} while (0)

static void handler(int sig)
{
	(void)sig;
}

/* The kernel's struct sigaction on i386: handler, flags, restorer, mask. */
struct kact {
	void (*handler)(int);
	unsigned long flags;
	void (*restorer)(void);
	unsigned long long mask;
};

int main(void)
{
	unsigned long long set = 1ULL << (SIGUSR1 - 1), cur, pend;
	struct sigaction sa, now;
	struct kact kact;
	siginfo_t si;
	stack_t ss;
	struct timespec ts = {0, 0};
	char stack[8192];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigaction(SIGUSR2, &sa, NULL);
	memset(&kact, 0, sizeof(kact));
	kact.handler = SIG_IGN;

	/* rt_sigaction */
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGUSR2, &kact, NULL, 4), EINVAL,
		   "rt_sigaction sigsetsize 4: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGUSR2, BAD_LOW, NULL, SETSIZE), EFAULT,
		   "rt_sigaction bad act: EFAULT");
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGUSR2, BAD_HIGH, NULL, SETSIZE), EFAULT,
		   "rt_sigaction act at 0xfffff000: EFAULT");
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGUSR2, &kact, BAD_LOW, SETSIZE), EFAULT,
		   "rt_sigaction bad oact: EFAULT");
	sigaction(SIGUSR2, NULL, &now);
#ifdef __tick386__
	ok(now.sa_handler == handler, "tick386: no failed rt_sigaction changed the action");
#else
	ok(now.sa_handler == handler || now.sa_handler == SIG_IGN,
	   "Linux: the action is the old one or the new one");
	sigaction(SIGUSR2, &sa, NULL);
#endif
	EXPECT_ERR(syscall(SYS_rt_sigaction, 65, BAD_LOW, NULL, SETSIZE), EFAULT,
		   "rt_sigaction(65, bad act): EFAULT comes first");
	EXPECT_ERR(syscall(SYS_rt_sigaction, 0, NULL, NULL, SETSIZE), EINVAL,
		   "rt_sigaction(0): EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGKILL, &kact, NULL, SETSIZE), EINVAL,
		   "rt_sigaction(SIGKILL, SIG_IGN): EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGSTOP, &kact, NULL, SETSIZE), EINVAL,
		   "rt_sigaction(SIGSTOP, SIG_IGN): EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigaction, SIGKILL, NULL, &kact, SETSIZE), 0,
		   "rt_sigaction(SIGKILL) may be read");
	/* Unknown flag bits are dropped, SIGKILL and SIGSTOP leave sa_mask. */
	{
		struct kact all, back;

		memset(&all, 0, sizeof(all));
		all.handler = handler;
		all.flags = 0xffffffffu & ~0x04000000ul; /* all but SA_RESTORER */
		all.mask = ~0ULL;
		syscall(SYS_rt_sigaction, SIGURG, &all, NULL, SETSIZE);
		memset(&back, 0, sizeof(back));
		syscall(SYS_rt_sigaction, SIGURG, NULL, &back, SETSIZE);
		ok(back.flags == 0xd8000807ul, "only the known sa_flags are kept (%#lx)",
		   back.flags);
		ok(back.mask == ~((1ULL << (SIGKILL - 1)) | (1ULL << (SIGSTOP - 1))),
		   "sa_mask without SIGKILL and SIGSTOP (%#llx)", back.mask);
		signal(SIGURG, SIG_DFL);
	}

	/* rt_sigprocmask */
	sigprocmask(SIG_SETMASK, NULL, (sigset_t *)&cur);
	EXPECT_ERR(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, NULL, 4), EINVAL,
		   "rt_sigprocmask sigsetsize 4: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigprocmask, SIG_BLOCK, BAD_LOW, NULL, SETSIZE), EFAULT,
		   "rt_sigprocmask bad set: EFAULT");
	EXPECT_ERR(syscall(SYS_rt_sigprocmask, 3, &set, NULL, SETSIZE), EINVAL,
		   "rt_sigprocmask how 3: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigprocmask, 3, NULL, &pend, SETSIZE), 0,
		   "rt_sigprocmask bad how without a set: not looked at");
	EXPECT_ERR(syscall(SYS_rt_sigprocmask, SIG_BLOCK, &set, BAD_LOW, SETSIZE), EFAULT,
		   "rt_sigprocmask bad oset: EFAULT");
#ifdef __tick386__
	{
		unsigned long long after;

		sigprocmask(SIG_SETMASK, NULL, (sigset_t *)&after);
		ok(after == cur, "tick386: the failed calls left the mask alone");
	}
#endif
	sigprocmask(SIG_SETMASK, (sigset_t *)&cur, NULL);

	/* rt_sigpending: any size up to 8 */
	EXPECT_ERR(syscall(SYS_rt_sigpending, &pend, 9), EINVAL, "rt_sigpending size 9: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigpending, &pend, 4), 0, "rt_sigpending size 4 is fine");
	EXPECT_ERR(syscall(SYS_rt_sigpending, BAD_LOW, SETSIZE), EFAULT,
		   "rt_sigpending bad set: EFAULT");

	/* rt_sigtimedwait */
	EXPECT_ERR(syscall(SYS_rt_sigtimedwait, BAD_LOW, NULL, &ts, 4), EINVAL,
		   "rt_sigtimedwait sigsetsize before the pointer: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigtimedwait, BAD_LOW, NULL, &ts, SETSIZE), EFAULT,
		   "rt_sigtimedwait bad set: EFAULT");
	EXPECT_ERR(syscall(SYS_rt_sigtimedwait, &set, NULL, BAD_LOW, SETSIZE), EFAULT,
		   "rt_sigtimedwait bad timeout: EFAULT");
	sigprocmask(SIG_BLOCK, (sigset_t *)&set, NULL);
	raise(SIGUSR1);
	EXPECT_ERR(syscall(SYS_rt_sigtimedwait, &set, BAD_LOW, &ts, SETSIZE), EFAULT,
		   "rt_sigtimedwait bad siginfo: EFAULT");
#ifdef __tick386__
	sigpending((sigset_t *)&pend);
	ok(pend & set, "tick386: the signal stays queued");
#endif
	syscall(SYS_rt_sigtimedwait, &set, NULL, &ts, SETSIZE);
	sigprocmask(SIG_UNBLOCK, (sigset_t *)&set, NULL);

	/* rt_sigsuspend */
	EXPECT_ERR(syscall(SYS_rt_sigsuspend, BAD_LOW, 4), EINVAL,
		   "rt_sigsuspend sigsetsize 4: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigsuspend, BAD_LOW, SETSIZE), EFAULT,
		   "rt_sigsuspend bad mask: EFAULT");

	/* rt_sigqueueinfo, kill, tkill */
	memset(&si, 0, sizeof(si));
	si.si_code = SI_QUEUE;
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR2, BAD_LOW), EFAULT,
		   "rt_sigqueueinfo bad siginfo: EFAULT");
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, getpid(), 65, &si), EINVAL,
		   "rt_sigqueueinfo signal 65: EINVAL");
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, 0x3ffffff0, SIGUSR2, &si), ESRCH,
		   "rt_sigqueueinfo to nobody: ESRCH");
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, 0x3ffffff0, 65, &si), ESRCH,
		   "rt_sigqueueinfo to nobody with signal 65: ESRCH first");
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, 0, SIGUSR2, &si), ESRCH,
		   "rt_sigqueueinfo pid 0: ESRCH");
	si.si_code = SI_USER;
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, 0x3ffffff0, SIGUSR2, &si), EPERM,
		   "rt_sigqueueinfo posing as kill() to another: EPERM");
	si.si_code = SI_TKILL;
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, 0x3ffffff0, SIGUSR2, &si), EPERM,
		   "rt_sigqueueinfo posing as tkill() to another: EPERM");
	si.si_code = SI_QUEUE;
	EXPECT_ERR(syscall(SYS_rt_sigqueueinfo, getpid(), 0, &si), 0,
		   "rt_sigqueueinfo signal 0 probes");
	EXPECT_ERR(syscall(SYS_kill, getpid(), 65), EINVAL, "kill signal 65: EINVAL");
	EXPECT_ERR(syscall(SYS_kill, getpid(), -1), EINVAL, "kill signal -1: EINVAL");
	EXPECT_ERR(syscall(SYS_kill, 0x3ffffff0, 0), ESRCH, "kill to nobody: ESRCH");
	EXPECT_ERR(syscall(SYS_kill, 0x3ffffff0, 65), ESRCH,
		   "kill to nobody, signal 65: ESRCH first");
	EXPECT_ERR(syscall(SYS_tkill, 0, SIGUSR2), EINVAL, "tkill tid 0: EINVAL");
	EXPECT_ERR(syscall(SYS_tkill, -1, SIGUSR2), EINVAL, "tkill tid -1: EINVAL");
	EXPECT_ERR(syscall(SYS_tkill, getpid(), 65), EINVAL, "tkill signal 65: EINVAL");
	EXPECT_ERR(syscall(SYS_tkill, 0x3ffffff0, SIGUSR2), ESRCH, "tkill to nobody: ESRCH");
	EXPECT_ERR(syscall(SYS_tkill, getpid(), 0), 0, "tkill signal 0 probes");

	/* sigaltstack */
	ss.ss_sp = stack;
	ss.ss_size = 100;
	ss.ss_flags = 0;
	EXPECT_ERR(syscall(SYS_sigaltstack, &ss, NULL), ENOMEM, "sigaltstack of 100 bytes: ENOMEM");
	ss.ss_size = sizeof(stack);
	ss.ss_flags = 7;
	EXPECT_ERR(syscall(SYS_sigaltstack, &ss, NULL), EINVAL, "sigaltstack flags 7: EINVAL");
	EXPECT_ERR(syscall(SYS_sigaltstack, BAD_LOW, NULL), EFAULT, "sigaltstack bad ss: EFAULT");
	EXPECT_ERR(syscall(SYS_sigaltstack, NULL, BAD_LOW), EFAULT, "sigaltstack bad oss: EFAULT");
	EXPECT_ERR(syscall(SYS_sigaltstack, NULL, &ss), 0, "sigaltstack reads");
	ok(ss.ss_flags == SS_DISABLE, "and no stack was installed by the failures");

	/* Nothing was left pending by all this. */
	sigpending((sigset_t *)&pend);
	ok(pend == 0, "no signal pending at the end (%#llx)", pend);
	return done_testing();
}
