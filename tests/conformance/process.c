/*
 * Processes: fork, wait4/waitpid and their status words, SIGCHLD, process
 * groups and sessions, stop and continue, a parent interrupting a child's
 * sleep, and the POSIX timer rules at fork.  POSIX only (plus wait4), so
 * that the same source runs on the Linux host and on tick386 and the two
 * outputs are compared line by line.
 *
 * Parent and child synchronise with signals, never with sleeps alone: a
 * child says "ready" with SIGUSR1 to the parent, which waits for it with
 * sigtimedwait (SIGUSR1 blocked).  Where a signal must land during a sleep,
 * the parent sends it again every 20 ms until the child is gone, so an
 * early arrival (before the sleep began) cannot lose the test.
 */
#include "conformance.h"

#include <sys/resource.h>
#include <sys/wait.h>

#define READY SIGUSR1

static pid_t test_pid;

static void ready(void)
{
	kill(getppid(), READY);
}

/* Wait up to ms for sig (blocked); its siginfo in *si.  Returns sig or -1. */
static int take(int sig, siginfo_t *si, long ms)
{
	sigset_t set;
	struct timespec t = ns_ts((int64_t)ms * NS_PER_MS);

	sigemptyset(&set);
	sigaddset(&set, sig);
	return sigtimedwait(&set, si, &t);
}

static void wait_ready(void)
{
	siginfo_t si;

	if (take(READY, &si, 5000) != READY) {
		printf("Bail out! a child did not say it was ready\n");
		exit(1);
	}
}

static volatile sig_atomic_t handled;
static void on_signal(int sig)
{
	handled = sig;
}

/* In a child: sig caught by on_signal and unblocked (the parent blocks it). */
static void catch_signal(int sig)
{
	struct sigaction sa;
	sigset_t set;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* Send sig to pid every 20 ms until it has ended; its wait status. */
static int poke_until_gone(pid_t pid, int sig)
{
	int st = -1;

	for (int i = 0; i < 250; i++) {
		kill(pid, sig);
		sleep_ms(20);
		if (waitpid(pid, &st, WNOHANG) == pid)
			return st;
	}
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	return -1;
}

static void fork_and_exit_status(void)
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0)
		_exit(getppid() == test_pid ? 7 : 8);
	ok(pid > 0, "fork returns the child's pid to the parent");
	why("waitpid returned something else");
	ok(waitpid(pid, &st, 0) == pid, "waitpid returns the child's pid");
	why("status %#x", st);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 7,
	   "the child sees its parent in getppid and exits 7: WIFEXITED, WEXITSTATUS 7");
	EXPECT(waitpid(pid, &st, 0), ECHILD, "waitpid for it again");
	EXPECT(waitpid(-1, &st, WNOHANG), ECHILD, "waitpid(-1) with no child left");

	pid = fork();
	if (pid == 0)
		_exit(300); /* only the low 8 bits reach the parent */
	wait(&st);
	why("status %#x", st);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 44, "exit(300) is seen as 44");
}

static void wait_errors(void)
{
	int st;
	pid_t pid;
	struct rusage ru;

	EXPECT(waitpid(-1, &st, 0x100), EINVAL, "waitpid with an unknown option");
	EXPECT(waitpid(getpid(), &st, 0), ECHILD, "waitpid for oneself");
	EXPECT(waitpid(99999, &st, 0), ECHILD, "waitpid for a pid that is nobody's");

	pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	EXPECT(waitpid(pid, &st, WNOHANG), 0, "WNOHANG while the child runs");
	kill(pid, SIGKILL);
	EXPECT(wait4(pid, BAD_PTR_LOW, 0, NULL) < 0 ? -1 : 0, EFAULT,
	       "wait4 with a bad status pointer");
	EXPECT(waitpid(pid, &st, WNOHANG), ECHILD, "the child was reaped all the same");

	pid = fork();
	if (pid == 0)
		_exit(1);
	EXPECT(wait4(pid, &st, 0, BAD_PTR_LOW) < 0 ? -1 : 0, EFAULT,
	       "wait4 with a bad rusage pointer");
	pid = fork();
	if (pid == 0)
		_exit(1);
	memset(&ru, 0xff, sizeof(ru));
	ok(wait4(pid, &st, 0, &ru) == pid && ru.ru_utime.tv_usec >= 0 &&
		   ru.ru_utime.tv_usec < 1000000,
	   "wait4 fills a struct rusage");
}

static void killed_and_stopped(void)
{
	int st = 0;
	pid_t pid = fork();

	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGTERM);
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "a child killed by SIGTERM: WTERMSIG");

	pid = fork();
	if (pid == 0) {
		for (;;)
			sleep_ms(10);
	}
	kill(pid, SIGSTOP);
	st = 0;
	why("status %#x", st);
	ok(waitpid(pid, &st, WUNTRACED) == pid && WIFSTOPPED(st) && WSTOPSIG(st) == SIGSTOP,
	   "SIGSTOP: waitpid WUNTRACED sees WIFSTOPPED, WSTOPSIG SIGSTOP");
	EXPECT(waitpid(pid, &st, WUNTRACED | WNOHANG), 0, "the stop is reported once");
	kill(pid, SIGCONT);
	st = 0;
	why("status %#x", st);
	ok(waitpid(pid, &st, WCONTINUED) == pid && WIFCONTINUED(st),
	   "SIGCONT: waitpid WCONTINUED sees WIFCONTINUED");
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "then SIGKILL: WTERMSIG SIGKILL");
}

static void sigchld(void)
{
	sigset_t set, old;
	siginfo_t si;
	int st;
	pid_t pid;
	struct sigaction sa;

	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &old);

	pid = fork();
	if (pid == 0)
		_exit(3);
	why("got %d", take(SIGCHLD, &si, 5000));
	ok(si.si_signo == SIGCHLD && si.si_code == CLD_EXITED && si.si_pid == pid &&
		   si.si_status == 3,
	   "SIGCHLD at exit: CLD_EXITED, si_pid, si_status 3");
	waitpid(pid, &st, 0);

	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGSTOP);
	why("got %d", take(SIGCHLD, &si, 5000));
	ok(si.si_code == CLD_STOPPED && si.si_pid == pid && si.si_status == SIGSTOP,
	   "SIGCHLD at a stop: CLD_STOPPED, si_status SIGSTOP");
	kill(pid, SIGCONT);
	why("got %d", take(SIGCHLD, &si, 5000));
	ok(si.si_code == CLD_CONTINUED && si.si_pid == pid && si.si_status == SIGCONT,
	   "SIGCHLD at a continue: CLD_CONTINUED, si_status SIGCONT");
	kill(pid, SIGKILL);
	why("got %d", take(SIGCHLD, &si, 5000));
	ok(si.si_code == CLD_KILLED && si.si_pid == pid && si.si_status == SIGKILL,
	   "SIGCHLD at a kill: CLD_KILLED, si_status SIGKILL");
	waitpid(pid, &st, 0);

	/* SA_NOCLDSTOP: no SIGCHLD for a stop. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sa.sa_flags = SA_NOCLDSTOP;
	sigaction(SIGCHLD, &sa, NULL);
	pid = fork();
	if (pid == 0) {
		for (;;)
			pause();
	}
	kill(pid, SIGSTOP);
	waitpid(pid, &st, WUNTRACED);
	ok(take(SIGCHLD, &si, 100) == -1, "SA_NOCLDSTOP: no SIGCHLD for a stop");
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	ok(take(SIGCHLD, &si, 5000) == SIGCHLD && si.si_code == CLD_KILLED,
	   "SA_NOCLDSTOP: SIGCHLD for the kill");
	sa.sa_flags = 0;
	sigaction(SIGCHLD, &sa, NULL);
	sigprocmask(SIG_SETMASK, &old, NULL);

	/* SIGCHLD ignored: children are reaped by the system, wait says ECHILD. */
	signal(SIGCHLD, SIG_IGN);
	pid = fork();
	if (pid == 0)
		_exit(0);
	EXPECT(waitpid(-1, &st, 0), ECHILD,
	       "SIGCHLD ignored: waitpid waits for the child, then");
	signal(SIGCHLD, SIG_DFL);

	/* SA_NOCLDWAIT with a handler: the handler runs, no zombie is left. */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sa.sa_flags = SA_NOCLDWAIT;
	sigaction(SIGCHLD, &sa, NULL);
	handled = 0;
	pid = fork();
	if (pid == 0)
		_exit(0);
	EXPECT(waitpid(-1, &st, 0), ECHILD, "SA_NOCLDWAIT: waitpid");
	for (int i = 0; i < 100 && !handled; i++)
		sleep_ms(5);
	ok(handled == SIGCHLD, "SA_NOCLDWAIT: the SIGCHLD handler ran");
	signal(SIGCHLD, SIG_DFL);
}

static void interrupted_sleeps(void)
{
	int st;
	pid_t pid;

	/* A caught signal ends the child's nanosleep with EINTR and the time left. */
	pid = fork();
	if (pid == 0) {
		struct timespec req = ns_ts(5 * NS_PER_S), rem = {0, 0};
		int r;

		catch_signal(SIGUSR2);
		ready();
		r = nanosleep(&req, &rem);
		/* Linux's rem counts from the expiry with the task's timer slack
		 * (50 us by default), so it may exceed req by that much. */
		_exit(r == -1 && errno == EINTR && ts_ns(&rem) > 0 &&
			      ts_ns(&rem) <= 5 * NS_PER_S + NS_PER_MS
			  ? 0
			  : 1);
	}
	wait_ready();
	st = poke_until_gone(pid, SIGUSR2);
	why("status %#x", st);
	ok(st == 0, "a handler interrupts the child's nanosleep: EINTR with 0 < rem <= req (+ slack)");

	pid = fork();
	if (pid == 0) {
		struct timespec req = ns_ts(5 * NS_PER_S), rem = {0, 0};
		int r;

		catch_signal(SIGUSR2);
		ready();
		r = clock_nanosleep(CLOCK_MONOTONIC, 0, &req, &rem);
		_exit(r == EINTR && ts_ns(&rem) > 0 && ts_ns(&rem) <= 5 * NS_PER_S + NS_PER_MS ? 0 : 1);
	}
	wait_ready();
	st = poke_until_gone(pid, SIGUSR2);
	why("status %#x", st);
	ok(st == 0, "a handler interrupts the child's clock_nanosleep: EINTR with rem");

	/* An ignored signal does not end the sleep; a terminating one ends the child. */
	pid = fork();
	if (pid == 0) {
		struct timespec req = ns_ts(300 * NS_PER_MS);

		sigset_t set;

		signal(SIGUSR2, SIG_IGN);
		sigemptyset(&set);
		sigaddset(&set, SIGUSR2);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		ready();
		_exit(nanosleep(&req, NULL) == 0 ? 0 : 1);
	}
	wait_ready();
	kill(pid, SIGUSR2);
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "an ignored signal leaves the child's sleep alone");

	pid = fork();
	if (pid == 0) {
		struct timespec req = ns_ts(5 * NS_PER_S);

		ready();
		nanosleep(&req, NULL);
		_exit(0);
	}
	wait_ready();
	kill(pid, SIGTERM);
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "SIGTERM ends a sleeping child");
}

static void groups_and_sessions(void)
{
	int st;
	pid_t pid;

	pid = fork();
	if (pid == 0) {
		int bits = 0;

		if (setpgid(0, 0) != 0 || getpgid(0) != getpid() || getpgrp() != getpid())
			bits |= 1;
		if (setsid() != -1 || errno != EPERM) /* a group leader cannot */
			bits |= 2;
		ready();
		for (;;)
			pause();
		_exit(bits);
	}
	wait_ready();
	why("getpgid %d", (int)getpgid(pid));
	ok(getpgid(pid) == pid, "a child's setpgid(0, 0) makes a group of its own");
	EXPECT(setpgid(pid, pid), 0, "the parent's setpgid(child, child) agrees");
	EXPECT(kill(-pid, 0), 0, "kill(-pgid, 0) finds the group");
	kill(-pid, SIGTERM);
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "kill(-pgid, SIGTERM) reaches it");
	EXPECT(kill(-pid, 0), ESRCH, "kill to the group once it is empty");
	EXPECT(getpgid(99999), ESRCH, "getpgid of no process");
	EXPECT(getsid(99999), ESRCH, "getsid of no process");
	EXPECT(setpgid(99999, 0), ESRCH, "setpgid of no process");
	EXPECT(setpgid(-1, 0), EINVAL, "setpgid(-1, 0): group -1");
	EXPECT(setpgid(0, -1), EINVAL, "setpgid to group -1");
	EXPECT(kill(-99999, SIGTERM), ESRCH, "kill to a group with nobody in it");

	pid = fork();
	if (pid == 0) {
		int bits = 0;
		pid_t me = getpid();

		if (setsid() != me)
			bits |= 1;
		if (getsid(0) != me || getpgid(0) != me)
			bits |= 2;
		if (setpgid(0, 0) != -1 || errno != EPERM) /* a session leader stays */
			bits |= 4;
		if (setsid() != -1 || errno != EPERM)
			bits |= 8;
		_exit(bits);
	}
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "setsid in a child: leads a new session and group; again: EPERM");

	/* kill(0, sig) reaches the caller's group: a child in it, here ourselves too. */
	pid = fork();
	if (pid == 0) {
		setpgid(0, 0);
		if (fork() == 0) { /* a grandchild in the same group */
			for (;;)
				pause();
		}
		ready();
		kill(0, SIGTERM); /* the group: the grandchild and this child */
		_exit(5);
	}
	wait_ready();
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "kill(0, SIGTERM) reaches the caller itself");
}

static void timers_at_fork(void)
{
	timer_t t1, t2;
	struct sigevent ev;
	struct itimerspec v;
	sigset_t set;
	int st;
	int64_t spin_end, parent_cpu;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	timer_create(CLOCK_MONOTONIC, &ev, &t1);
	timer_create(CLOCK_MONOTONIC, &ev, &t2);
	memset(&v, 0, sizeof(v));
	v.it_value.tv_sec = 10;
	timer_settime(t1, 0, &v, NULL);
	v.it_value.tv_sec = 0;
	v.it_value.tv_nsec = 1000000;
	timer_settime(t2, 0, &v, NULL);
	for (int i = 0; i < 500; i++) { /* t2's signal: pending, blocked */
		sigset_t pend;

		sigpending(&pend);
		if (sigismember(&pend, SIGRTMIN))
			break;
		sleep_ms(2);
	}
	spin_end = mono_ns() + 30 * NS_PER_MS; /* some CPU time of our own */
	while (mono_ns() < spin_end)
		;
	parent_cpu = now_ns(CLOCK_PROCESS_CPUTIME_ID);

	pid = fork();
	if (pid == 0) {
		int bits = 0;
		sigset_t pend;
		struct itimerspec cur;

		if (now_ns(CLOCK_PROCESS_CPUTIME_ID) >= parent_cpu)
			bits |= 1;
		sigpending(&pend);
		if (sigismember(&pend, SIGRTMIN))
			bits |= 2;
		if (timer_gettime(t1, &cur) != -1 || errno != EINVAL)
			bits |= 4;
		if (timer_delete(t1) != -1 || errno != EINVAL)
			bits |= 8;
		_exit(bits);
	}
	waitpid(pid, &st, 0);
	why("status %#x", st);
	ok(WIFEXITED(st) && !(WEXITSTATUS(st) & 1),
	   "a child's CPU-time clock starts from zero, below its parent's");
	ok(WIFEXITED(st) && !(WEXITSTATUS(st) & 2), "a child has none of its parent's pending timer signals");
	ok(WIFEXITED(st) && !(WEXITSTATUS(st) & 12), "a child has none of its parent's timers (EINVAL)");
	EXPECT(timer_gettime(t1, &v), 0, "the parent's timer is still there");
	ok(v.it_value.tv_sec > 0 && v.it_value.tv_sec <= 10, "and still armed");
	timer_delete(t1);
	timer_delete(t2); /* drops its queued signal */
	take_signal(SIGRTMIN, NULL, 0); /* (which Linux 6.1 would still deliver) */
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* Last: on tick386 the orphan becomes this program's child (it is init). */
static void orphans(void)
{
	pid_t pid = fork();
	siginfo_t si;
	int st;

	if (pid == 0) {
		pid_t mid = getpid();

		if (fork() == 0) {
			for (int i = 0; i < 1000 && getppid() == mid; i++)
				sleep_ms(2);
			kill(test_pid, getppid() != mid ? SIGUSR2 : SIGURG);
			_exit(0);
		}
		_exit(0);
	}
	waitpid(pid, &st, 0);
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGURG);
	struct timespec t = ns_ts(5 * NS_PER_S);
	int got = sigtimedwait(&set, &si, &t);
	why("got %d", got);
	ok(got == SIGUSR2, "an orphan gets a new parent when its parent exits");
}

/* A child that has exited but is not reaped still has its pid: kill
 * succeeds (the signal is dropped), getpgid and getsid answer, its group
 * can be signalled; after the reap, ESRCH. */
static void zombies(void)
{
	siginfo_t si;
	pid_t pid = fork(), mine = getpgrp();

	if (pid == 0) {
		setpgid(0, 0);
		_exit(3);
	}
	ok(waitid(P_PID, pid, &si, WEXITED | WNOWAIT) == 0 && si.si_pid == pid, "the child is a zombie");
	ok(kill(pid, SIGTERM) == 0, "kill of a zombie: 0");
	ok(kill(pid, 0) == 0, "kill(zombie, 0): 0");
	EXPECT(kill(pid, 1000), EINVAL, "kill(zombie, 1000) -> EINVAL");
	ok(getpgid(pid) == pid && getpgid(pid) != mine, "getpgid of a zombie: its own group");
	ok(getsid(pid) == getsid(0), "getsid of a zombie: the session");
	ok(kill(-pid, SIGTERM) == 0, "kill of a group of one zombie: 0");
	EXPECT(kill(-pid, 1000), EINVAL, "kill(-group of a zombie, 1000) -> EINVAL");
	ok(waitpid(pid, &(int){0}, 0) == pid, "reaped");
	EXPECT(kill(pid, SIGTERM), ESRCH, "kill after the reap -> ESRCH");
	EXPECT(getpgid(pid), ESRCH, "getpgid after the reap -> ESRCH");
	EXPECT(kill(-pid, SIGTERM), ESRCH, "its group after the reap -> ESRCH");
}

int main(void)
{
	sigset_t set;

	setvbuf(stdout, NULL, _IONBF, 0); /* a child must not flush our buffer again */
	test_pid = getpid();
	sigemptyset(&set);
	sigaddset(&set, READY);
	sigaddset(&set, SIGUSR2);
	sigaddset(&set, SIGURG);
	sigprocmask(SIG_BLOCK, &set, NULL);

	fork_and_exit_status();
	wait_errors();
	killed_and_stopped();
	sigchld();
	interrupted_sleeps();
	groups_and_sessions();
	timers_at_fork();
	orphans();
	zombies();
	return done();
}
