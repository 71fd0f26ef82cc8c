/* chroot: the system call of the same name (one function per object: a
 * program may define its own). */
#include <unistd.h>
#include "syscall.h"

int chroot(const char *path)
{
	return (int)sys_ret(sys_1(__NR_chroot, (long)path));
}
