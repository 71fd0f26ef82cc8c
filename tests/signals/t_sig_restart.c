/*
 * System-call restart end to end: a read of the console (no input comes)
 * interrupted by a handler with SA_RESTART goes on waiting, and ends with
 * EINTR only when a handler without SA_RESTART runs; pause() returns EINTR
 * even after an SA_RESTART handler.  tick386 only (two tasks).
 */
/* modules: m_sig_restarter */
/* linux: skip */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "handshake.h"
#include "../tap.h"

static volatile sig_atomic_t restarting, interrupting;

static void on_usr2(int sig)
{
	(void)sig;
	restarting++;
}

static void on_term(int sig)
{
	(void)sig;
	interrupting++;
}

static void install(int sig, void (*h)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = h;
	sa.sa_flags = flags;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

int main(void)
{
	char buf[16];
	ssize_t r;

	install(SIGUSR2, on_usr2, SA_RESTART);
	install(SIGTERM, on_term, 0);

	handshake_init(SIGRTMIN + 1, NULL);
	kill(2, SIGUSR1);
	errno = 0;
	r = read(0, buf, sizeof(buf));
	ok(r == -1 && errno == EINTR, "read ends with EINTR (r %d errno %d)", (int)r, errno);
	ok(restarting == 1, "after the SA_RESTART handler had run (%d): the read went on",
	   (int)restarting);
	ok(interrupting == 1, "and the handler without SA_RESTART ended it (%d)",
	   (int)interrupting);

	restarting = interrupting = 0;
	kill(2, SIGUSR1);
	errno = 0;
	r = pause();
	ok(r == -1 && errno == EINTR && restarting == 1 && interrupting == 0,
	   "pause: EINTR after an SA_RESTART handler too (%d %d)", (int)restarting,
	   (int)interrupting);
	/* Wait for the helper's SIGTERM so that it ends before init. */
	while (!interrupting)
		pause();
	ok(interrupting == 1, "the second handler ran as well");
	return done_testing();
}
