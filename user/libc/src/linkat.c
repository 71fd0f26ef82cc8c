/* linkat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

int linkat(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, int flags)
{
	return (int)sys_ret(sys_5(__NR_linkat, olddirfd, (long)oldpath, newdirfd, (long)newpath, flags));
}
