/* rename: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int rename(const char *oldpath, const char *newpath)
{
	return (int)sys_ret(sys_2(__NR_rename, (long)oldpath, (long)newpath));
}
