/* renameat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int renameat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath)
{
	return (int)sys_ret(sys_4(__NR_renameat, olddirfd, (long)oldpath, newdirfd, (long)newpath));
}
