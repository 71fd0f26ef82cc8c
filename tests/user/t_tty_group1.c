/*
 * The terminal's signals go to a process group by its number, and group 1
 * (init's, the console's foreground group at boot) is a group like any
 * other, never kill(-1)'s "every process".  A child's group takes the
 * console and a process of group 1 reads it: SIGTTIN goes to group 1 only,
 * so the reader stops, init (which handles it) takes it, and a process of
 * another session does not.  Before the fix, the kernel sent it as
 * kill(-1): every process but init and the reader (which then spun,
 * restarting its read).  tick386 only: Linux's init starts in group 0
 * without a terminal; the rules followed are Linux's tty_check_change.
 */
/* requires: kernel/tty.c */
/* expect: status=0 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static volatile sig_atomic_t ttin;

static void on_ttin(int sig)
{
	(void)sig;
	ttin++;
}

static void on_term(int sig)
{
	(void)sig;
	_exit(ttin); /* what the other session saw */
}

/* Wait up to ms for sig (blocked by the caller). */
static int take(int sig, long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, sig);
	return sigtimedwait(&set, NULL, &t);
}

/*
 * The foreground process: its own group takes the terminal, and its child
 * joins group 1 and reads.  Group 1 is then not orphaned (the reader's
 * parent is in another group of the session), so Linux too would send
 * SIGTTIN rather than fail the read with EIO.  Exit status 1: the reader
 * stopped on SIGTTIN.
 */
static int foreground(void)
{
	pid_t reader;
	int status = -1;
	char c;

	setpgid(0, 0);
	signal(SIGTTOU, SIG_IGN);
	if (tcsetpgrp(0, getpid()) != 0)
		return 3;
	reader = fork();
	if (reader == 0) {
		setpgid(0, 1);
		signal(SIGTTIN, SIG_DFL);
		_exit(read(0, &c, 1) == -1 ? 100 + errno : 99);
	}
	if (waitpid(reader, &status, WUNTRACED) != reader)
		return 4;
	kill(reader, SIGKILL);
	waitpid(reader, NULL, 0);
	return WIFSTOPPED(status) && WSTOPSIG(status) == SIGTTIN ? 1 : 2;
}

int main(void)
{
	sigset_t set;
	pid_t other, fg, w = 0;
	int status = -1;

	ok(getpid() == 1 && getpgrp() == 1 && tcgetpgrp(0) == 1,
	   "init leads group 1, the console's foreground group");
	signal(SIGTTIN, on_ttin);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, NULL);

	other = fork();
	if (other == 0) { /* another session, handling SIGTTIN */
		setsid();
		signal(SIGTERM, on_term);
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		kill(1, SIGUSR1);
		for (;;)
			pause();
	}
	ok(take(SIGUSR1, 5000) == SIGUSR1, "the other session is ready");
	fg = fork();
	if (fg == 0) {
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		_exit(foreground());
	}
	for (int i = 0; i < 20 && w == 0; i++) {
		take(SIGCHLD, 250);
		w = waitpid(fg, &status, WNOHANG);
	}
	ok(w == fg && WIFEXITED(status) && WEXITSTATUS(status) == 1,
	   "a background reader in group 1 stopped on SIGTTIN (status %#x)", status);
	ok(ttin == 1, "init, in group 1, took SIGTTIN too (%d)", (int)ttin);
	kill(other, SIGTERM);
	status = -1;
	ok(waitpid(other, &status, 0) == other && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "the other session was not sent SIGTTIN (status %#x)", status);
	if (w != fg) { /* the old kernel: the foreground process stopped, the reader spins */
		kill(-fg, SIGKILL);
		for (int i = 0; i < 64; i++)
			kill(i + 2, SIGKILL);
	}
	while (wait(NULL) > 0)
		;
	return done_testing();
}
