/* utimes: utimensat(AT_FDCWD, path, times, 0) with the times in
 * microseconds, as glibc does (one function per object: a program may
 * define its own). */
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include "timeval_ts.h"

int utimes(const char *path, const struct timeval tv[2])
{
	struct timespec ts[2];

	return utimensat(AT_FDCWD, path, timeval_ts(tv, ts), 0);
}
