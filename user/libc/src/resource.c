/* getrusage and uname. */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>

int getrusage(int who, struct rusage *usage)
{
	struct timespec cpu;
	clockid_t clock;

	if (who == RUSAGE_SELF)
		clock = CLOCK_PROCESS_CPUTIME_ID;
	else if (who == RUSAGE_THREAD)
		clock = CLOCK_THREAD_CPUTIME_ID;
	else if (who == RUSAGE_CHILDREN)
		clock = -1;
	else {
		errno = EINVAL;
		return -1;
	}
	memset(usage, 0, sizeof(*usage));
	if (clock < 0)
		return 0; /* no children, ever */
	if (clock_gettime(clock, &cpu) < 0)
		return -1;
	usage->ru_utime.tv_sec = cpu.tv_sec;
	usage->ru_utime.tv_usec = cpu.tv_nsec / 1000;
	return 0;
}

int uname(struct utsname *buf)
{
	memset(buf, 0, sizeof(*buf));
	strcpy(buf->sysname, "tick386");
	strcpy(buf->nodename, "tick386");
	strcpy(buf->release, "1.0");
	strcpy(buf->version, "tick386 POSIX clocks and timers");
	strcpy(buf->machine, "i686");
	return 0;
}
