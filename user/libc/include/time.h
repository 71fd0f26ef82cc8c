/*
 * <time.h>: clocks, POSIX timers and calendar time.
 *
 * Clock ids are Linux's (<abi/time.h>).  The 2002 patch's names
 * CLOCK_REALTIME_HR and CLOCK_MONOTONIC_HR remain, as aliases of the base
 * clocks (their old numbers 4 and 5 are Linux's RAW and REALTIME_COARSE).
 * The timer and clock calls go straight to the kernel (system calls
 * 254..262).  There are no time zones: local time is UTC.
 */
#ifndef _TIME_H
#define _TIME_H

#include <stddef.h>
#include <abi/time.h>

#define CLOCK_REALTIME_HR  CLOCK_REALTIME
#define CLOCK_MONOTONIC_HR CLOCK_MONOTONIC

#define CLOCKS_PER_SEC 1000000L
#define TIME_UTC 1

struct sigevent;

struct tm {
	int tm_sec;
	int tm_min;
	int tm_hour;
	int tm_mday;
	int tm_mon;
	int tm_year;
	int tm_wday;
	int tm_yday;
	int tm_isdst;
	long tm_gmtoff;
	const char *tm_zone;
};

clock_t clock(void);
time_t time(time_t *t);
double difftime(time_t t1, time_t t0);
time_t mktime(struct tm *tm);
time_t timegm(struct tm *tm);
struct tm *gmtime(const time_t *t);
struct tm *gmtime_r(const time_t *t, struct tm *out);
struct tm *localtime(const time_t *t);
struct tm *localtime_r(const time_t *t, struct tm *out);
char *asctime(const struct tm *tm);
char *asctime_r(const struct tm *tm, char *buf);
char *ctime(const time_t *t);
char *ctime_r(const time_t *t, char *buf);
size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm);
void tzset(void);
extern char *tzname[2];
extern long timezone;
extern int daylight;

int nanosleep(const struct timespec *req, struct timespec *rem);
int clock_getres(clockid_t clock, struct timespec *res);
int clock_gettime(clockid_t clock, struct timespec *tp);
int clock_settime(clockid_t clock, const struct timespec *tp);
/* Returns the error number itself (0 on success) and leaves errno alone. */
int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req,
		    struct timespec *rem);
int clock_getcpuclockid(pid_t pid, clockid_t *clock);
int timespec_get(struct timespec *ts, int base);
#ifdef _GNU_SOURCE
/* glibc declares it here too (and in <sys/timex.h>), for _GNU_SOURCE only. */
struct timex;
int clock_adjtime(clockid_t clock, struct timex *tx);
#endif

int timer_create(clockid_t clock, struct sigevent *sev, timer_t *timerid);
int timer_delete(timer_t timerid);
int timer_settime(timer_t timerid, int flags, const struct itimerspec *value,
		  struct itimerspec *ovalue);
int timer_gettime(timer_t timerid, struct itimerspec *value);
int timer_getoverrun(timer_t timerid);

#endif
