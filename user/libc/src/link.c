/* link: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

int link(const char *oldpath, const char *newpath)
{
	return (int)sys_ret(sys_2(__NR_link, (long)oldpath, (long)newpath));
}
