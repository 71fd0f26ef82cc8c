/*
 * setgid: Linux i386's setgid32.  The ids are the process's, which all its
 * threads share in the kernel, so there is no round of signals to make
 * every thread agree as glibc needs on Linux (its SIGSETXID).
 */
#include <unistd.h>
#include "syscall.h"

int setgid(gid_t id)
{
	return (int)sys_ret(sys_1(__NR_setgid32, (long)id));
}
