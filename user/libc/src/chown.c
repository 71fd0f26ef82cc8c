/* chown: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int chown(const char *path, uid_t uid, gid_t gid)
{
	return (int)sys_ret(sys_3(__NR_chown32, (long)path, (long)uid, (long)gid));
}
