/* renameat2: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags)
{
	return (int)sys_ret(sys_5(__NR_renameat2, olddirfd, (long)oldpath, newdirfd, (long)newpath, (long)flags));
}
