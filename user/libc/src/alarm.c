/*
 * alarm(seconds): SIGALRM after that many seconds, 0 cancels; returns the
 * seconds that were left of the previous alarm.  The kernel's alarm call
 * (27) does it all, on its ITIMER_REAL (glibc calls it the same way).
 */
#include <unistd.h>
#include "syscall.h"

unsigned int alarm(unsigned int seconds)
{
	return (unsigned int)sys_1(__NR_alarm, (long)seconds);
}
