/* getuid: Linux i386's getuid32 (32-bit ids); it cannot fail. */
#include <unistd.h>
#include "syscall.h"

uid_t getuid(void)
{
	return (uid_t)sys_0(__NR_getuid32);
}
