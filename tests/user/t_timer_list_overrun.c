/*
 * /proc/timer_list shows a periodic timer's overrun while its signal waits:
 * a 10 ms timer whose SIGRTMIN is blocked for 55 ms has its signal queued
 * and 4 periods missed since (under -icount the count is exact: the
 * expiries fall at 10, 20, ... 50 ms), and the signal then taken carries
 * that same overrun.
 */
/* qemu: -icount shift=3,align=off,sleep=off */
/* expect: status=0 */
#include "../tap.h"
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char text[16384];

/* Our timer's line in /proc/timer_list, or NULL. */
static char *own_line(long pid, int id)
{
	char want[64];

	if (tap_slurp("/proc/timer_list", text, (int)sizeof(text)) < 0)
		return NULL;
	snprintf(want, sizeof(want), "posix timer ID: %d,", id);
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char owner[32];

		snprintf(owner, sizeof(owner), "pid %ld ", pid);
		if (strstr(line, owner) && strstr(line, want))
			return line;
	}
	return NULL;
}

int main(void)
{
	struct sigevent ev;
	struct itimerspec its = {{0, 10000000}, {0, 10000000}};
	struct timespec nap = {0, 55000000};
	sigset_t set;
	siginfo_t si;
	timer_t tid;
	char *line, *p;
	int overrun = -1;

	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	ok(timer_create(CLOCK_MONOTONIC, &ev, &tid) == 0, "timer_create");
	ok(timer_settime(tid, 0, &its, NULL) == 0, "armed: 10 ms, every 10 ms, SIGRTMIN blocked");
	nanosleep(&nap, NULL);
	line = own_line(getpid(), (int)(long)tid);
	ok(line != NULL, "its line in /proc/timer_list");
	ok(line && strstr(line, "queued: yes"), "its signal is queued: %s", line ? line : "");
	if (line && (p = strstr(line, "overrun: ")))
		overrun = atoi(p + 9);
	ok(overrun == 4, "overrun: 4 periods passed since the expiry that queued it (got %d)",
	   overrun);
	ok(sigwaitinfo(&set, &si) == SIGRTMIN && si.si_overrun == overrun,
	   "the signal taken carries that overrun (si_overrun %d)", si.si_overrun);
	timer_delete(tid);
	return done_testing();
}
