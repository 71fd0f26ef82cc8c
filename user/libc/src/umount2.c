/* umount2: the system call (52). */
#include <sys/mount.h>
#include "syscall.h"

int umount2(const char *target, int flags)
{
	return (int)sys_ret(sys_2(__NR_umount2, (long)target, flags));
}
