/* <sys/time.h>: struct timeval, gettimeofday, the interval timers
 * (setitimer, getitimer: ITIMER_REAL, ITIMER_VIRTUAL, ITIMER_PROF) and
 * the timeval macros. */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H

#include <sys/types.h>
#include <abi/time.h>
#include <abi/itimer.h>
#include <sys/select.h>

int gettimeofday(struct timeval *tv, void *tz);
int settimeofday(const struct timeval *tv, const struct timezone *tz);
int setitimer(int which, const struct itimerval *value, struct itimerval *ovalue);
int getitimer(int which, struct itimerval *value);
int adjtime(const struct timeval *delta, struct timeval *olddelta);
/* The utimes family: utimensat with microseconds (NULL: now). */
int utimes(const char *path, const struct timeval tv[2]);
int lutimes(const char *path, const struct timeval tv[2]);
int futimes(int fd, const struct timeval tv[2]);
int futimesat(int dirfd, const char *path, const struct timeval tv[2]);

#define timerisset(t) ((t)->tv_sec || (t)->tv_usec)
#define timerclear(t) ((t)->tv_sec = (t)->tv_usec = 0)
#define timercmp(a, b, CMP) \
	(((a)->tv_sec == (b)->tv_sec) ? ((a)->tv_usec CMP (b)->tv_usec) \
				      : ((a)->tv_sec CMP (b)->tv_sec))
#define timeradd(a, b, res)                                        \
	do {                                                       \
		(res)->tv_sec = (a)->tv_sec + (b)->tv_sec;         \
		(res)->tv_usec = (a)->tv_usec + (b)->tv_usec;      \
		if ((res)->tv_usec >= 1000000) {                   \
			++(res)->tv_sec;                           \
			(res)->tv_usec -= 1000000;                 \
		}                                                  \
	} while (0)
#define timersub(a, b, res)                                        \
	do {                                                       \
		(res)->tv_sec = (a)->tv_sec - (b)->tv_sec;         \
		(res)->tv_usec = (a)->tv_usec - (b)->tv_usec;      \
		if ((res)->tv_usec < 0) {                          \
			--(res)->tv_sec;                           \
			(res)->tv_usec += 1000000;                 \
		}                                                  \
	} while (0)

#endif
