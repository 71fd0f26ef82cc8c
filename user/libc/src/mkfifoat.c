/* mkfifoat: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int mkfifoat(int dirfd, const char *path, mode_t mode)
{
	return mknodat(dirfd, path, (mode & 07777) | S_IFIFO, 0);
}
