/*
 * read(0) waits for console input; a signal whose handler was installed
 * without SA_RESTART ends the wait with EINTR once the handler ran.
 * m_sender (pid 2) sends SIGCHLD (ignored: the read goes on), then SIGUSR1.
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
	got = sig;
}

int main(void)
{
	struct sigaction sa;
	char buf[16];
	ssize_t r;
	int e;

	UTAP_PLAN(2);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1; /* no SA_RESTART */
	sigaction(SIGUSR1, &sa, NULL);
	r = read(0, buf, sizeof(buf)); /* no input ever comes: only the signal ends it */
	e = errno;
	UTAP_OK(r == -1 && e == EINTR, "read() = -1 EINTR (%d, errno %d)", (int)r, e);
	UTAP_OK(got == SIGUSR1, "the handler ran");
	return UTAP_DONE();
}
