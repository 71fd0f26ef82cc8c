/*
 * alarm(seconds): SIGALRM after that many seconds of wall time.
 *
 * A kernel with the alarm call (27) does it all.  Without it (-ENOSYS) the
 * libc makes one POSIX timer on CLOCK_REALTIME that raises SIGALRM, created
 * at the first alarm and kept for the life of the process; alarm then arms,
 * re-arms or disarms that timer.  The returned value is the time that was
 * left of the previous alarm, rounded to the nearest second but never 0 when
 * time was left (as Linux rounds it).
 */
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include "syscall.h"

enum alarm_mode { ALARM_UNKNOWN, ALARM_SYSCALL, ALARM_TIMER };
static enum alarm_mode alarm_mode;
static timer_t alarm_timer;
static int alarm_timer_made;

static unsigned int alarm_by_timer(unsigned int seconds)
{
	struct itimerspec new_value = {{0, 0}, {(time_t)seconds, 0}}, old;
	unsigned int left;

	if (!alarm_timer_made) {
		struct sigevent sev = {0};

		if (seconds == 0)
			return 0;
		sev.sigev_notify = SIGEV_SIGNAL;
		sev.sigev_signo = SIGALRM;
		if (timer_create(CLOCK_REALTIME, &sev, &alarm_timer) < 0)
			return 0;
		alarm_timer_made = 1;
	}
	if (timer_settime(alarm_timer, 0, &new_value, &old) < 0)
		return 0;
	left = (unsigned int)old.it_value.tv_sec;
	if (old.it_value.tv_nsec >= 500000000 || (left == 0 && old.it_value.tv_nsec > 0))
		left++;
	return left;
}

unsigned int alarm(unsigned int seconds)
{
	long ret;

	if (alarm_mode != ALARM_TIMER) {
		ret = sys_1(__NR_alarm, (long)seconds);
		if (ret != -ENOSYS) {
			alarm_mode = ALARM_SYSCALL;
			return (unsigned int)ret;
		}
		alarm_mode = ALARM_TIMER;
	}
	return alarm_by_timer(seconds);
}
