/* geteuid: Linux i386's geteuid32 (32-bit ids); it cannot fail. */
#include <unistd.h>
#include "syscall.h"

uid_t geteuid(void)
{
	return (uid_t)sys_0(__NR_geteuid32);
}
