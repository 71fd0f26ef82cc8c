/* mknod: the system call of the same name (one function per object: a
 * program may define its own). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "syscall.h"

int mknod(const char *path, mode_t mode, dev_t dev)
{
	return (int)sys_ret(sys_3(__NR_mknod, (long)path, (long)mode, (long)dev));
}
