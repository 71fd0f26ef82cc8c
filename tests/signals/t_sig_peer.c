/*
 * Signals between two tasks (init and m_sig_peer, task 2): the sender's
 * pid in siginfo, a pause() in another task ended by a handler, a stopped
 * task that does not run until SIGCONT, SIGKILL ending a task blocked in a
 * wait.  tick386 only: user/libc has no fork, so Linux cannot start the
 * peer the same way.
 */
/* modules: m_sig_peer */
/* linux: skip */
/* expect-line: tick386: pid 2 (m_sig_peer) killed signal=9 */
#include <errno.h>
#include <signal.h>
#include <sched.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "handshake.h"
#include "../tap.h"

static sigset_t all;

static int wait_for(int sig, siginfo_t *info, long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	sigset_t one;

	sigemptyset(&one);
	sigaddset(&one, sig);
	return sigtimedwait(&one, info, &ts);
}

/* Whether task 2 is asleep (state S in /proc/2/stat), looking for 5 s. */
static int peer_sleeps(void)
{
	struct timespec tick = {0, 1000000};

	for (int i = 0; i < 5000; i++) {
		char buf[256];
		const char *p;

		if (tap_slurp("/proc/2/stat", buf, sizeof(buf)) > 0 && (p = strchr(buf, ')')) &&
		    p[1] == ' ' && p[2] == 'S')
			return 1;
		nanosleep(&tick, NULL);
	}
	return 0;
}

int main(void)
{
	siginfo_t info;
	int r, i, last = -1, more;

	sigemptyset(&all);
	sigaddset(&all, SIGUSR2);
	sigaddset(&all, SIGRTMIN);
	sigaddset(&all, SIGRTMIN + 1);
	sigprocmask(SIG_BLOCK, &all, NULL);

	r = handshake_init(SIGUSR2, &info);
	ok(r == SIGUSR2 && info.si_pid == 2 && info.si_code == SI_USER,
	   "the peer's kill() arrives with its pid (%d, pid %d)", r, (int)info.si_pid);
	ok(kill(2, 0) == 0, "kill(2, 0): the peer exists");

	/* Its answer sent, the peer goes on to pause(); SIGUSR1 must find it
	 * there, not on its way (the handler would run first, and pause()
	 * then wait for the next one): wait until it sleeps. */
	ok(peer_sleeps(), "the peer sleeps in pause() (/proc/2/stat: S)");
	ok(kill(2, SIGUSR1) == 0, "SIGUSR1 to the peer");
	r = wait_for(SIGUSR2, &info, 5000);
	ok(r == SIGUSR2 && info.si_code == SI_QUEUE && info.si_value.sival_int == 1,
	   "the peer's pause() ended with EINTR after its handler");

	r = wait_for(SIGRTMIN, &info, 5000);
	ok(r == SIGRTMIN, "the peer counts");
	last = info.si_value.sival_int;
	ok(kill(2, SIGSTOP) == 0, "SIGSTOP to the peer");
	/* Drain what it sent before it stopped; then nothing more comes. */
	for (i = 0; i < 5000 && wait_for(SIGRTMIN, &info, 100) == SIGRTMIN; i++)
		last = info.si_value.sival_int;
	ok(i < 5000, "a stopped peer sends nothing for 100 ms (drained %d)", i);
	errno = 0;
	ok(wait_for(SIGRTMIN, &info, 200) == -1 && errno == EAGAIN, "nor for 200 ms more");
	ok(kill(2, SIGCONT) == 0, "SIGCONT to the peer");
	r = wait_for(SIGRTMIN, &info, 5000);
	ok(r == SIGRTMIN && info.si_value.sival_int > last,
	   "it runs again, counting on from %d (%d)", last, info.si_value.sival_int);

	ok(kill(2, SIGUSR1) == 0, "SIGUSR1 again: the peer goes to wait");
	more = 0;
	while ((r = wait_for(SIGRTMIN + 1, &info, 5000)) != SIGRTMIN + 1 && more < 3)
		more++;
	ok(r == SIGRTMIN + 1, "the peer waits in sigwaitinfo");
	ok(kill(2, SIGKILL) == 0, "SIGKILL to the waiting peer");
	for (i = 0; i < 200 && kill(2, 0) == 0; i++)
		sched_yield();
	errno = 0;
	ok(kill(2, 0) == -1 && errno == ESRCH, "the peer is gone: ESRCH");
	return done_testing();
}
