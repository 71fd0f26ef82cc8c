/*
 * init (pid 1) takes only the signals it has a handler for, as on Linux
 * (SIGNAL_UNKILLABLE): a child in a group of its own sends init SIGKILL,
 * SIGSTOP, SIGTERM and SIGINT by kill, tgkill, rt_sigqueueinfo and kill(-1), and init lives on; a signal it handles (SIGUSR1) does
 * arrive; a blocked SIGTERM waits while blocked and is dropped when
 * unblocked; kill(-1) reaches every other process (a second child dies of
 * it) but neither init nor the sender.  Plain POSIX + Linux calls, so that
 * the same source runs as Linux's /init (tools/runprog-linux) with the same
 * output.
 */
/* requires: kernel/signal/signal.c */
/* expect: status=0 */
/* parallel: yes */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../tap.h"

static volatile sig_atomic_t usr1;

static void on_usr1(int sig)
{
	(void)sig;
	usr1++;
}

/* The child's result: bit i set when call i returned what Linux does. */
static int attack(void)
{
	siginfo_t si;
	int bits = 0;

	memset(&si, 0, sizeof(si));
	si.si_code = SI_QUEUE;
	si.si_pid = getpid();
	if (kill(1, SIGKILL) == 0)
		bits |= 1;
	if (kill(1, SIGSTOP) == 0)
		bits |= 2;
	if (kill(1, SIGINT) == 0)
		bits |= 4;
	if (syscall(SYS_tgkill, 1, 1, SIGKILL) == 0)
		bits |= 8;
	if (syscall(SYS_rt_sigqueueinfo, 1, SIGTERM, &si) == 0)
		bits |= 16;
	if (kill(0, SIGTERM) == 0) /* its own group, init not in it: ignored here */
		bits |= 32;
	/* killpg(1) is this same kill(-1): Linux has no way to name group 1 */
	if (kill(-1, SIGKILL) == 0) /* init and the caller excepted */
		bits |= 64;
	if (kill(1, SIGUSR1) == 0) /* handled: this one arrives */
		bits |= 128;
	return bits;
}

int main(void)
{
	sigset_t term, pending;
	pid_t victim, sender;
	int status = -1, vstatus = -1;

	ok(getpid() == 1, "this program is init (pid 1)");
	ok(signal(SIGUSR1, on_usr1) != SIG_ERR, "a handler for SIGUSR1");
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	ok(sigprocmask(SIG_BLOCK, &term, NULL) == 0, "SIGTERM blocked");

	victim = fork();
	if (victim == 0) {
		for (;;)
			pause();
	}
	sender = fork();
	if (sender == 0) {
		signal(SIGTERM, SIG_IGN);
		setpgid(0, 0);
		_exit(attack());
	}
	ok(waitpid(sender, &status, 0) == sender && WIFEXITED(status),
	   "the sender ended normally (status %#x)", status);
	ok(WEXITSTATUS(status) == 255, "every call succeeded (bits %#x)", WEXITSTATUS(status));
	ok(waitpid(victim, &vstatus, 0) == victim && WIFSIGNALED(vstatus) &&
		   WTERMSIG(vstatus) == SIGKILL,
	   "kill(-1, SIGKILL) ended the other child (status %#x)", vstatus);
	ok(usr1 == 1, "init took the SIGUSR1 it handles (%d)", (int)usr1);
	sigemptyset(&pending);
	ok(sigpending(&pending) == 0 && sigismember(&pending, SIGTERM) == 1,
	   "the blocked SIGTERM waits (Linux queues what init blocks)");
	ok(sigprocmask(SIG_UNBLOCK, &term, NULL) == 0, "SIGTERM unblocked: dropped, init lives on");
	sigemptyset(&pending);
	ok(sigpending(&pending) == 0 && sigismember(&pending, SIGTERM) == 0, "nothing pending");
	ok(raise(SIGTERM) == 0 && kill(1, SIGKILL) == 0, "init's own SIGTERM and SIGKILL: dropped");
	ok(usr1 == 1, "init is still running");
	return done_testing();
}
