/* The sigset functions, their EINVAL, and sysconf/unistd values. */
/* parallel: yes */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "../tap.h"

int main(void)
{
	sigset_t s, t, u;
	int sig, all, bad;

	ok(sigemptyset(&s) == 0, "sigemptyset returns 0");
	for (sig = 1, all = 1; sig <= 64; sig++)
		all &= sigismember(&s, sig) == 0;
	ok(all, "an empty set has none of 1..64");
	ok(sigfillset(&s) == 0, "sigfillset returns 0");
	for (sig = 1, all = 1; sig <= 64; sig++)
		all &= sigismember(&s, sig) == (sig != 32 && sig != 33);
	ok(all, "a full set has all of 1..64 but 32 and 33 (the thread library's, as glibc)");
	errno = 0;
	ok(sigaddset(&s, 32) == -1 && errno == EINVAL, "sigaddset(32) -> EINVAL, as glibc");
	errno = 0;
	ok(sigdelset(&s, 33) == -1 && errno == EINVAL, "sigdelset(33) -> EINVAL, as glibc");

	sigemptyset(&s);
	ok(sigaddset(&s, SIGUSR1) == 0 && sigismember(&s, SIGUSR1) == 1, "sigaddset SIGUSR1");
	ok(sigismember(&s, SIGUSR2) == 0, "SIGUSR2 not added");
	ok(sigaddset(&s, 64) == 0 && sigismember(&s, 64) == 1, "signal 64 fits");
	ok(sigaddset(&s, SIGRTMIN) == 0 && sigismember(&s, SIGRTMIN) == 1, "SIGRTMIN fits");
	ok(sigdelset(&s, SIGUSR1) == 0 && sigismember(&s, SIGUSR1) == 0, "sigdelset SIGUSR1");
	ok(sigismember(&s, 64) == 1, "sigdelset left signal 64");

	{
		int cases[] = {0, -1, 65, 1000, INT_MIN};
		unsigned i;

		for (i = 0, bad = 1; i < sizeof(cases) / sizeof(cases[0]); i++) {
			errno = 0;
			bad &= sigaddset(&s, cases[i]) == -1 && errno == EINVAL;
			errno = 0;
			bad &= sigdelset(&s, cases[i]) == -1 && errno == EINVAL;
			errno = 0;
			bad &= sigismember(&s, cases[i]) == -1 && errno == EINVAL;
		}
		ok(bad, "signal numbers 0, -1, 65, 1000, INT_MIN are EINVAL for add/del/ismember");
	}

	sigemptyset(&t);
	sigaddset(&t, SIGINT);
	sigemptyset(&u);
	sigaddset(&u, SIGTERM);
	sigorset(&s, &t, &u);
	ok(sigismember(&s, SIGINT) == 1 && sigismember(&s, SIGTERM) == 1, "sigorset");
	sigandset(&s, &s, &t);
	ok(sigismember(&s, SIGINT) == 1 && sigismember(&s, SIGTERM) == 0, "sigandset");
	sigemptyset(&s);
	ok(sigisemptyset(&s) && !sigisemptyset(&t), "sigisemptyset");
	ok(sizeof(sigset_t) == 8, "sigset_t is the kernel's 8 bytes");

	ok(SIGRTMIN == 34 && SIGRTMAX == 64, "SIGRTMIN 34, SIGRTMAX 64, as glibc");
	ok(sysconf(_SC_CLK_TCK) == 100, "_SC_CLK_TCK is 100");
	ok(sysconf(_SC_PAGESIZE) == 4096, "_SC_PAGESIZE is 4096");
	ok(sysconf(_SC_MONOTONIC_CLOCK) == 200809L, "_SC_MONOTONIC_CLOCK");
	ok(sysconf(_SC_CPUTIME) == 200809L && sysconf(_SC_THREAD_CPUTIME) == 200809L,
	   "_SC_CPUTIME, _SC_THREAD_CPUTIME");
	ok(sysconf(_SC_TIMERS) == 200809L && sysconf(_SC_REALTIME_SIGNALS) == 200809L,
	   "_SC_TIMERS, _SC_REALTIME_SIGNALS");
	errno = 0;
	ok(sysconf(_SC_TIMER_MAX) == -1 && errno == 0, "_SC_TIMER_MAX: no fixed limit, errno kept");
	ok(sysconf(_SC_SIGQUEUE_MAX) >= 32, "_SC_SIGQUEUE_MAX >= _POSIX_SIGQUEUE_MAX");
	ok(sysconf(_SC_RTSIG_MAX) == RTSIG_MAX && RTSIG_MAX >= SIGRTMAX - SIGRTMIN + 1,
	   "_SC_RTSIG_MAX is RTSIG_MAX (glibc: 32)");
	ok(sysconf(_SC_DELAYTIMER_MAX) == INT_MAX, "_SC_DELAYTIMER_MAX is INT_MAX");
	errno = 0;
	ok(sysconf(-5) == -1 && errno == EINVAL, "unknown sysconf name: EINVAL");
#if _POSIX_TIMERS > 0 && _POSIX_MONOTONIC_CLOCK > 0 && _POSIX_CPUTIME > 0 &&                       \
    _POSIX_THREAD_CPUTIME > 0 && _POSIX_REALTIME_SIGNALS > 0 && _POSIX_VERSION >= 200809L
	ok(1, "<unistd.h> options defined");
#else
	ok(0, "<unistd.h> options defined");
#endif
	ok(getuid() == 0 && geteuid() == 0 && getgid() == 0 && getegid() == 0, "ids are 0");
	ok(getpid() > 0 && getpid() == (pid_t)syscall(20), "getpid");
	ok(gettid() == getpid(), "gettid is getpid, one thread");
	/* A terminal answers TCGETS: the console on tick386, not the pipe or
	 * file the host's runner gives (a character device here, not there). */
	struct stat st;
	ok(fstat(1, &st) == 0 && isatty(1) == S_ISCHR(st.st_mode), "isatty(1) as TCGETS says");
	errno = 0;
	ok(isatty(-1) == 0 && errno == EBADF, "isatty(-1): 0, EBADF");
	return done_testing();
}
