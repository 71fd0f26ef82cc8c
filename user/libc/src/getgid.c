/* getgid: Linux i386's getgid32 (32-bit ids); it cannot fail. */
#include <unistd.h>
#include "syscall.h"

gid_t getgid(void)
{
	return (gid_t)sys_0(__NR_getgid32);
}
