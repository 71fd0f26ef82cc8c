/* remove: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int remove(const char *path)
{
	/* C and POSIX: a file is unlinked, a directory removed (glibc: rmdir when unlink says EISDIR). */
	long ret = sys_1(__NR_unlink, (long)path);

	if (ret == -EISDIR)
		ret = sys_1(__NR_rmdir, (long)path);
	return (int)sys_ret(ret);
}
