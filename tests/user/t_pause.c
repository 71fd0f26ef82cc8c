/*
 * pause() sleeps until a signal handler has run, then fails with EINTR; a
 * signal whose action is to ignore it does not end the pause.  m_sender
 * (pid 2) sends SIGCHLD (ignored by default), then SIGUSR1.
 */
/* requires: kernel/signal/signal.c */
/* modules: m_sender */
/* expect: status=0 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include "../tap.h"

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	if (sig == SIGUSR1)
		got++;
}

int main(void)
{
	struct sigaction sa;
	int r, e;

	UTAP_PLAN(3);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	UTAP_OK(sigaction(SIGUSR1, &sa, NULL) == 0, "handler for SIGUSR1");
	r = pause();
	e = errno;
	UTAP_OK(r == -1 && e == EINTR, "pause() = -1 EINTR (%d, errno %d)", r, e);
	UTAP_OK(got == 1, "the handler ran once before pause returned (%d)", (int)got);
	return UTAP_DONE();
}
