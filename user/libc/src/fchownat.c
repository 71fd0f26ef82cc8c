/* fchownat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int fchownat(int dirfd, const char *path, uid_t uid, gid_t gid, int flags)
{
	return (int)sys_ret(sys_5(__NR_fchownat, dirfd, (long)path, (long)uid, (long)gid, flags));
}
