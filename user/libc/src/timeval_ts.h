/*
 * The utimes family's times (internal): two timevals made timespecs for
 * utimensat, the microseconds multiplied as glibc multiplies them (a
 * tv_usec outside 0..999999 makes a tv_nsec the kernel refuses, EINVAL,
 * except where the 32-bit product wraps into range, as on glibc i386).
 * NULL stays NULL: both times are then now.
 */
#ifndef TICK386_LIBC_TIMEVAL_TS_H
#define TICK386_LIBC_TIMEVAL_TS_H

#include <sys/time.h>
#include <time.h>

static inline const struct timespec *timeval_ts(const struct timeval tv[2], struct timespec ts[2])
{
	int i;

	if (!tv)
		return NULL;
	for (i = 0; i < 2; i++) {
		ts[i].tv_sec = tv[i].tv_sec;
		ts[i].tv_nsec = (long)((unsigned long)tv[i].tv_usec * 1000UL);
	}
	return ts;
}

#endif
