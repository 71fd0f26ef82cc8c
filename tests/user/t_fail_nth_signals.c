/*
 * Every allocation of the signal paths made to fail, one at a time, with
 * /proc/self/fail-nth (the walk: fail_nth.h): kill and sigqueue to this
 * process and to a child, SIGCHLD at a child's exit, the stop, continue
 * and exit notices, and a fault's SIGSEGV.  Where Linux carries on without
 * the memory (a standard signal, or kill's, loses its siginfo:
 * kernel/signal.c __send_signal_locked), the signal must arrive without it
 * (si_code SI_USER, si_pid 0); an rt sigqueue fails with EAGAIN and
 * queues nothing; wait4 reports the stop, continue and exit all the same.
 */
/* expect: status=0 */
#include "fail_nth.h"
#include <sched.h>

/* ---- signals to this process ---------------------------------------------------- */

static int k_sig, k_queue; /* the signal; sigqueue (1) or kill (0) */

static long kill_self_run(void)
{
	union sigval v = { .sival_int = 1234 };

	return k_queue ? sigqueue(getpid(), k_sig, v) : kill(getpid(), k_sig);
}

/*
 * The signal must be pending once: with its siginfo, or, when the entry
 * could not be allocated, without (Linux: si_code SI_USER, si_pid 0).
 */
static int kill_self_settle(long r, int injected)
{
	struct timespec zero = { 0, 0 };
	siginfo_t info;
	sigset_t set;
	int got;

	sigemptyset(&set);
	sigaddset(&set, k_sig);
	memset(&info, 0, sizeof(info));
	got = sigtimedwait(&set, &info, &zero);
	if (r < 0)
		return got < 0; /* refused: nothing queued */
	if (got != k_sig) {
		tap_why("the signal is not pending");
		return 0;
	}
	if (injected) {
		if (info.si_code != SI_USER || info.si_pid != 0) {
			tap_why("si_code %d si_pid %d, not Linux's lost-info SI_USER 0", info.si_code,
				info.si_pid);
			return 0;
		}
		return 1;
	}
	return info.si_code == (k_queue ? SI_QUEUE : SI_USER) && info.si_pid == getpid() &&
	       (!k_queue || info.si_value.sival_int == 1234);
}

/* ---- signals to a child --------------------------------------------------------- */

static pid_t child;

/* The child (all signals blocked, as in its parent) reports what arrived. */
static void child_prepare(void)
{
	child = fork();
	if (child == 0) {
		struct timespec wait = { 10, 0 };
		sigset_t set, pending;
		siginfo_t info;
		int sig, code;

		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigaddset(&set, SIGUSR2);
		sigaddset(&set, SIGRTMIN);
		memset(&info, 0, sizeof(info));
		sig = sigtimedwait(&set, &info, &wait);
		if (sig == SIGUSR2)
			code = 3;
		else if (sig < 0)
			code = 4;
		else if (info.si_pid == getppid())
			code = 1;
		else if (info.si_pid == 0 && info.si_code == SI_USER)
			code = 2;
		else
			code = 5;
		sigpending(&pending);
		if (sigismember(&pending, SIGUSR1) || sigismember(&pending, SIGRTMIN))
			code = 6;
		_exit(code);
	}
}

static long kill_child_run(void)
{
	union sigval v = { .sival_int = 99 };

	return k_queue ? sigqueue(child, k_sig, v) : kill(child, k_sig);
}

static int kill_child_settle(long r, int injected)
{
	int status = 0, want;

	if (r < 0)
		kill(child, SIGUSR2); /* release it: it must not have the refused signal */
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status)) {
		tap_why("the child did not exit");
		return 0;
	}
	want = r < 0 ? 3 : injected ? 2 : 1;
	if (WEXITSTATUS(status) != want)
		tap_why("the child says %d, not %d", WEXITSTATUS(status), want);
	return WEXITSTATUS(status) == want;
}

/*
 * SIGCHLD: the child's exit sends it, from the child, so the child arms its
 * own fail-nth and exits; the parent reads the zombie's fail-nth to know
 * whether the exit's allocation failed.  Linux then still sends SIGCHLD,
 * without its siginfo, and wait4 reports the exit as usual.
 */
static void walk_sigchld(void)
{
	struct timespec wait = { 10, 0 };
	struct state before, after;
	unsigned n, failed = 0;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (n = 1; n <= WALK_MAX; n++) {
		char path[64];
		siginfo_t info;
		const char *diff;
		int fd, sig, status = 0, injected, good;
		pid_t pid;

		state_take(&before);
		pid = fork();
		if (pid == 0) {
			int own = open("/proc/self/fail-nth", O_RDWR);

			if (own < 0)
				_exit(100);
			nth_set_fd(own, n);
			_exit(7);
		}
		memset(&info, 0, sizeof(info));
		sig = sigtimedwait(&set, &info, &wait);
		snprintf(path, sizeof(path), "/proc/%d/fail-nth", pid);
		fd = open(path, O_RDONLY);
		injected = fd >= 0 && nth_get_fd(fd) == 0;
		if (fd >= 0)
			close(fd);
		good = waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		       WEXITSTATUS(status) == 7 && sig == SIGCHLD;
		if (!good)
			tap_why("sig %d status %#x", sig, status);
		else if (injected && (info.si_code != SI_USER || info.si_pid != 0))
			tap_why("si_code %d si_pid %d", info.si_code, info.si_pid), good = 0;
		else if (!injected && (info.si_code != CLD_EXITED || info.si_pid != pid))
			tap_why("si_code %d si_pid %d", info.si_code, info.si_pid), good = 0;
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			ok(good && !diff, "SIGCHLD: the exit's notice once past its last allocation");
			break;
		}
		failed++;
		ok(good && !diff, "SIGCHLD: allocation %u of the exit fails: sent without siginfo", n);
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	tap_note("SIGCHLD: %u allocations failed on purpose", failed);
	summary_add("SIGCHLD", failed);
}

/*
 * A stop and a continue: the child arms its fail-nth and stops itself
 * (kill's entry for SIGSTOP, then the stop's SIGCHLD, made in the child);
 * the parent sees the stop (WUNTRACED), continues it, sees that
 * (WCONTINUED, the continue's SIGCHLD made in the child too) and, after
 * a SIGUSR2 that lets it go on, its exit.
 * Each notice whose entry failed arrives without siginfo; wait4 reports
 * all three regardless.
 */
static int sigchld_check(const sigset_t *set, int code, pid_t pid, int lost)
{
	struct timespec wait = { 10, 0 };
	siginfo_t info;

	memset(&info, 0, sizeof(info));
	if (sigtimedwait(set, &info, &wait) != SIGCHLD)
		return 0;
	return lost ? info.si_code == SI_USER && info.si_pid == 0
		    : info.si_code == code && info.si_pid == pid;
}

static void walk_stop(void)
{
	struct state before, after;
	unsigned n, failed = 0;
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);
	for (n = 1; n <= WALK_MAX; n++) {
		char path[64];
		const char *diff;
		int fd, status = 0, injected, good;
		pid_t pid;

		state_take(&before);
		pid = fork();
		if (pid == 0) {
			int own = open("/proc/self/fail-nth", O_RDWR);

			struct timespec wait = { 10, 0 };
			sigset_t usr2;

			sigemptyset(&usr2);
			sigaddset(&usr2, SIGUSR2); /* blocked, inherited */
			nth_set_fd(own, n);
			kill(getpid(), SIGSTOP);
			/* Continued: wait until the parent has seen it, then exit. */
			_exit(sigtimedwait(&usr2, NULL, &wait) == SIGUSR2 ? 5 : 6);
		}
		good = waitpid(pid, &status, WUNTRACED) == pid && WIFSTOPPED(status) &&
		       sigchld_check(&set, CLD_STOPPED, pid, n == 2);
		if (!good)
			tap_why("the stop: status %#x", status);
		kill(pid, SIGCONT);
		if (good && !(waitpid(pid, &status, WCONTINUED) == pid && WIFCONTINUED(status) &&
			      sigchld_check(&set, CLD_CONTINUED, pid, n == 3)))
			tap_why("the continue: status %#x", status), good = 0;
		kill(pid, SIGUSR2);
		/* The zombie's fail-nth says whether any of its allocations failed. */
		if (good && !sigchld_check(&set, CLD_EXITED, pid, n == 4))
			tap_why("the exit's SIGCHLD"), good = 0;
		snprintf(path, sizeof(path), "/proc/%d/fail-nth", pid);
		fd = open(path, O_RDONLY);
		injected = fd >= 0 && nth_get_fd(fd) == 0;
		if (fd >= 0)
			close(fd);
		if (!(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 5))
			tap_why("the exit: status %#x", status), good = 0;
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			ok(good && !diff, "stop, continue, exit: notices with siginfo past the last allocation");
			break;
		}
		failed++;
		ok(good && !diff, "stop, continue, exit: allocation %u fails: reported all the same", n);
	}
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	tap_note("stop/continue: %u allocations failed on purpose", failed);
	summary_add("SIGSTOP/SIGCONT", failed);
}

/*
 * A fault's signal (signal_force): the child arms its fail-nth and reads
 * address 0; its SA_SIGINFO handler exits with what it was told.  Linux
 * queues SIGSEGV without siginfo when the entry cannot be allocated
 * (si_code SI_USER, si_addr 0), and the handler still runs.
 */
static void on_segv(int sig, siginfo_t *info, void *uc)
{
	(void)sig;
	(void)uc;
	_exit(info->si_code == SEGV_MAPERR ? 1 : info->si_code == SI_USER ? 2 : 3);
}

static void walk_fault(void)
{
	struct state before, after;
	unsigned n, failed = 0;

	for (n = 1; n <= WALK_MAX; n++) {
		char path[64];
		const char *diff;
		int fd, status = 0, injected, good;
		pid_t pid;

		state_take(&before);
		pid = fork();
		if (pid == 0) {
			struct sigaction sa;
			int own = open("/proc/self/fail-nth", O_RDWR);

			memset(&sa, 0, sizeof(sa));
			sa.sa_sigaction = on_segv;
			sa.sa_flags = SA_SIGINFO;
			sigaction(SIGSEGV, &sa, NULL);
			nth_set_fd(own, n);
			*(volatile int *)0 = 1;
			_exit(4);
		}
		/* Its zombie's fail-nth is read before it is reaped. */
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		for (int k = 0; k < 10000; k++) {
			if (tap_slurp(path, text, sizeof(text)) > 0 && strstr(text, ") Z "))
				break;
			sched_yield();
		}
		snprintf(path, sizeof(path), "/proc/%d/fail-nth", pid);
		fd = open(path, O_RDONLY);
		injected = fd >= 0 && nth_get_fd(fd) == 0;
		if (fd >= 0)
			close(fd);
		good = waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
		       WEXITSTATUS(status) == (injected ? 2 : 1);
		if (!good)
			tap_why("status %#x", status);
		state_take(&after);
		diff = state_diff(&before, &after);
		if (diff)
			tap_why("%s", diff);
		if (!injected) {
			ok(good && !diff, "SIGSEGV: delivered with its siginfo past the last allocation");
			break;
		}
		failed++;
		ok(good && !diff, "SIGSEGV: allocation %u fails: delivered without siginfo", n);
	}
	tap_note("SIGSEGV: %u allocations failed on purpose", failed);
	summary_add("SIGSEGV", failed);
}

/* ---- main ----------------------------------------------------------------------- */

int main(void)
{
	static const struct {
		int sig, queue;
		const char *name;
	} sends[] = {
		{ SIGUSR1, 0, "kill(self, SIGUSR1)" },
		{ SIGRTMIN, 0, "kill(self, SIGRTMIN)" },
		{ SIGUSR1, 1, "sigqueue(self, SIGUSR1)" },
		{ SIGRTMIN, 1, "sigqueue(self, SIGRTMIN)" },
	}, child_sends[] = {
		{ SIGUSR1, 0, "kill(child, SIGUSR1)" },
		{ SIGRTMIN, 1, "sigqueue(child, SIGRTMIN)" },
	};
	sigset_t block;

	nth_fd = open("/proc/self/fail-nth", O_RDWR);
	if (!ok(nth_fd >= 0, "/proc/self/fail-nth opens for reading and writing"))
		return done_testing();
	/* Signals sent here stay pending until the walk takes them; the
	 * children inherit the mask. */
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGUSR2);
	sigaddset(&block, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &block, NULL);
	for (unsigned i = 0; i < sizeof(sends) / sizeof(sends[0]); i++) {
		struct call call = { sends[i].name, EAGAIN, NULL, kill_self_run, kill_self_settle };

		k_sig = sends[i].sig;
		k_queue = sends[i].queue;
		walk(&call);
	}
	for (unsigned i = 0; i < sizeof(child_sends) / sizeof(child_sends[0]); i++) {
		struct call call = { child_sends[i].name, EAGAIN, child_prepare, kill_child_run,
				     kill_child_settle };

		k_sig = child_sends[i].sig;
		k_queue = child_sends[i].queue;
		walk(&call);
	}
	walk_sigchld();
	walk_stop();
	walk_fault();
	summary_print();
	close(nth_fd);
	return done_testing();
}
