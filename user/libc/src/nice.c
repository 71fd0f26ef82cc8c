/*
 * nice: the nice value moved by inc (clamped to -20..19 by the kernel), and
 * the new one returned, as glibc: getpriority and setpriority of the
 * process, errno left alone on success (a new value of -1 is then told
 * from an error by errno, which the caller cleared), EPERM for a lower
 * value the caller may not take (setpriority's EACCES).
 */
#include <errno.h>
#include <sys/resource.h>
#include <unistd.h>

int nice(int inc)
{
	int saved = errno;
	int prio;

	errno = 0;
	prio = getpriority(PRIO_PROCESS, 0);
	if (prio == -1 && errno != 0)
		return -1;
	/* Clamp before adding: a huge inc must not overflow the int. */
	if (inc > 40)
		inc = 40;
	else if (inc < -40)
		inc = -40;
	if (setpriority(PRIO_PROCESS, 0, prio + inc) < 0) {
		if (errno == EACCES)
			errno = EPERM;
		return -1;
	}
	errno = saved;
	return getpriority(PRIO_PROCESS, 0);
}
