/*
 * setuid: Linux i386's setuid32.  The ids are the process's, which all its
 * threads share in the kernel, so there is no round of signals to make
 * every thread agree as glibc needs on Linux (its SIGSETXID).
 */
#include <unistd.h>
#include "syscall.h"

int setuid(uid_t id)
{
	return (int)sys_ret(sys_1(__NR_setuid32, (long)id));
}
