/* setfsgid: Linux i386's setfsgid32: the old fs id, never an error. */
#include <sys/fsuid.h>
#include "syscall.h"

int setfsgid(gid_t id)
{
	return (int)sys_1(__NR_setfsgid32, (long)id);
}
