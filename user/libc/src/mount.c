/* mount: tmpfs on tick386 (size=, nr_inodes=, mode=); on Linux any type
 * (a program run as a Linux init mounts devtmpfs for /dev/console). */
#include <sys/mount.h>
#include "syscall.h"

int mount(const char *source, const char *target, const char *fstype, unsigned long flags,
	  const void *data)
{
	return (int)sys_ret(
	    sys_5(__NR_mount, (long)source, (long)target, (long)fstype, (long)flags, (long)data));
}
