/* umount: umount2 with no flags, as glibc. */
#include <sys/mount.h>
#include "syscall.h"

int umount(const char *target)
{
	return (int)sys_ret(sys_2(__NR_umount2, (long)target, 0));
}
