/*
 * The older time interfaces, built on clock_gettime: time, gettimeofday,
 * clock, times, timespec_get; and the sleeps built on nanosleep.
 */
#include <errno.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

time_t time(time_t *t)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		return (time_t)-1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

int gettimeofday(struct timeval *tv, void *tz)
{
	struct timespec ts;

	if (tv) {
		if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
			return -1;
		tv->tv_sec = ts.tv_sec;
		tv->tv_usec = ts.tv_nsec / 1000;
	}
	if (tz) {
		struct timezone *zone = tz;

		zone->tz_minuteswest = 0;
		zone->tz_dsttime = 0;
	}
	return 0;
}

int settimeofday(const struct timeval *tv, const struct timezone *tz)
{
	struct timespec ts;

	(void)tz;
	if (!tv)
		return 0;
	if (tv->tv_usec < 0 || tv->tv_usec >= 1000000) {
		errno = EINVAL;
		return -1;
	}
	ts.tv_sec = tv->tv_sec;
	ts.tv_nsec = tv->tv_usec * 1000;
	return clock_settime(CLOCK_REALTIME, &ts);
}

int timespec_get(struct timespec *ts, int base)
{
	if (base != TIME_UTC || clock_gettime(CLOCK_REALTIME, ts) < 0)
		return 0;
	return base;
}

/* Processor time used, in CLOCKS_PER_SEC (microsecond) units; it wraps. */
clock_t clock(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) < 0)
		return (clock_t)-1;
	return (clock_t)(ts.tv_sec * 1000000UL + (unsigned long)ts.tv_nsec / 1000);
}

static clock_t timespec_to_ticks(const struct timespec *ts)
{
	unsigned long long ticks = (unsigned long long)ts->tv_sec * ABI_USER_HZ +
				   (unsigned long)ts->tv_nsec / (1000000000 / ABI_USER_HZ);

	return (clock_t)ticks;
}

/*
 * times: user time is the process's CPU time (the kernel does not split
 * user from system time), the result the monotonic clock, both in ticks.
 */
clock_t times(struct tms *buf)
{
	struct timespec cpu, now;

	if (clock_gettime(CLOCK_MONOTONIC, &now) < 0)
		return (clock_t)-1;
	if (buf) {
		if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu) < 0)
			return (clock_t)-1;
		buf->tms_utime = timespec_to_ticks(&cpu);
		buf->tms_stime = 0;
		buf->tms_cutime = 0;
		buf->tms_cstime = 0;
	}
	return timespec_to_ticks(&now);
}

/* sleep: the seconds left, rounded up, when a signal handler cut it short. */
unsigned int sleep(unsigned int seconds)
{
	struct timespec req = {(time_t)seconds, 0}, rem;

	if (nanosleep(&req, &rem) == 0)
		return 0;
	if (errno != EINTR)
		return seconds;
	return (unsigned int)rem.tv_sec + (rem.tv_nsec > 0);
}

int usleep(useconds_t usec)
{
	struct timespec req;

	req.tv_sec = (time_t)(usec / 1000000);
	req.tv_nsec = (long)(usec % 1000000) * 1000;
	return nanosleep(&req, NULL);
}
