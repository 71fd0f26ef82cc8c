/* flock: the system call (143, fs/flock.c). */
#include <sys/file.h>
#include "syscall.h"

int flock(int fd, int operation)
{
	return (int)sys_ret(sys_2(__NR_flock, fd, operation));
}
