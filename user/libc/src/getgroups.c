/* getgroups: Linux i386's getgroups32 (205), 32-bit ids. */
#include <grp.h>
#include "syscall.h"

int getgroups(int size, gid_t list[])
{
	return (int)sys_ret(sys_2(205, size, (long)list));
}
