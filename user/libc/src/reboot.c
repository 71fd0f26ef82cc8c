/*
 * reboot: Linux's call, which tick386 does not have (its table answers
 * -ENOSYS).  It exists so that one program can be the init of a Linux
 * kernel in QEMU (tools/runprog-linux): power off at the end instead of
 * exiting (init exiting panics Linux).
 */
#include <errno.h>
#include <sys/reboot.h>
#include "syscall.h"

/* The two magic words Linux wants before the command (include/uapi/linux/reboot.h). */
#define LINUX_REBOOT_MAGIC1 0xfee1deadL
#define LINUX_REBOOT_MAGIC2 672274793L

int reboot(int howto)
{
	return (int)sys_ret(sys_4(__NR_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, howto, 0));
}
