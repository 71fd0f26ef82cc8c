/*
 * <utime.h>: utime, made of utimensat (tick386 has no utime call; Linux's
 * utime(NULL) and utimensat(NULL) are the same: both times now).
 */
#ifndef _UTIME_H
#define _UTIME_H

#include <sys/types.h>

struct utimbuf {
	time_t actime;
	time_t modtime;
};

int utime(const char *path, const struct utimbuf *times);

#endif
