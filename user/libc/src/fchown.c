/* fchown: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int fchown(int fd, uid_t uid, gid_t gid)
{
	return (int)sys_ret(sys_3(__NR_fchown32, fd, (long)uid, (long)gid));
}
