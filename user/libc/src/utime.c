/* utime: utimensat(AT_FDCWD, path, times, 0) with whole seconds (tick386
 * has no utime call); NULL sets both times to now, as Linux's utime. */
#include <fcntl.h>
#include <sys/stat.h>
#include <utime.h>
#include "syscall.h"

int utime(const char *path, const struct utimbuf *times)
{
	struct timespec ts[2];

	if (!times)
		return (int)sys_ret(sys_4(__NR_utimensat, AT_FDCWD, (long)path, 0, 0));
	ts[0].tv_sec = times->actime;
	ts[0].tv_nsec = 0;
	ts[1].tv_sec = times->modtime;
	ts[1].tv_nsec = 0;
	return (int)sys_ret(sys_4(__NR_utimensat, AT_FDCWD, (long)path, (long)ts, 0));
}
