/*
 * futimesat: utimes relative to a directory descriptor (Linux's call 299,
 * which glibc calls).  Made of utimensat here, which takes the same
 * dirfd and path (a NULL path names dirfd itself, as for futimesat);
 * futimesat itself refuses a tv_usec outside 0..999999 (EINVAL), so that
 * check is made first.  One function per object: a program may define its
 * own.
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include "syscall.h"
#include "timeval_ts.h"

int futimesat(int dirfd, const char *path, const struct timeval tv[2])
{
	struct timespec ts[2];

	if (tv && (tv[0].tv_usec < 0 || tv[0].tv_usec >= 1000000 || tv[1].tv_usec < 0 ||
		   tv[1].tv_usec >= 1000000)) {
		errno = EINVAL;
		return -1;
	}
	return (int)sys_ret(sys_4(__NR_utimensat, dirfd, (long)path, (long)timeval_ts(tv, ts), 0));
}
