/* getegid: Linux i386's getegid32 (32-bit ids); it cannot fail. */
#include <unistd.h>
#include "syscall.h"

gid_t getegid(void)
{
	return (gid_t)sys_0(__NR_getegid32);
}
