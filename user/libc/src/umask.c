/* umask: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

mode_t umask(mode_t mask)
{
	return (mode_t)sys_1(__NR_umask, (long)mask);
}
