/*
 * Overruns saturate at DELAYTIMER_MAX (INT_MAX), computed by one division:
 * a periodic timer of 1 ns whose signal stays blocked for 2.5 s has missed
 * some 2.5e9 periods, more than INT_MAX.  The interrupt does not re-arm it
 * while its signal waits, so the machine is not flooded meanwhile.
 */
#include "../tap.h"
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <time.h>

int main(void)
{
	struct sigevent ev;
	timer_t id;
	sigset_t set;
	siginfo_t info;
	struct timespec wait = {5, 0};

	UTAP_PLAN(5);
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	UTAP_OK(timer_create(CLOCK_MONOTONIC, &ev, &id) == 0, "timer_create");
	struct itimerspec its = {{0, 1}, {0, 1}};
	UTAP_OK(timer_settime(id, 0, &its, NULL) == 0, "armed: 1 ns period");

	struct timespec nap = {2, 500000000};
	UTAP_OK(nanosleep(&nap, NULL) == 0, "slept 2.5 s while the signal stayed queued");
	int r = sigtimedwait(&set, &info, &wait);
	UTAP_OK(r == SIGRTMIN && info.si_overrun == INT_MAX, "si_overrun saturated at INT_MAX (%d)",
		r == SIGRTMIN ? info.si_overrun : -1);
	UTAP_OK(timer_getoverrun(id) == INT_MAX, "timer_getoverrun is INT_MAX too");
	timer_delete(id);
	return UTAP_DONE();
}
