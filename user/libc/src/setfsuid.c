/* setfsuid: Linux i386's setfsuid32: the old fs id, never an error. */
#include <sys/fsuid.h>
#include "syscall.h"

int setfsuid(uid_t id)
{
	return (int)sys_1(__NR_setfsuid32, (long)id);
}
