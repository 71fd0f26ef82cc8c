/* setgroups: Linux i386's setgroups32 (206), 32-bit ids. */
#include <grp.h>
#include "syscall.h"

int setgroups(size_t size, const gid_t *list)
{
	return (int)sys_ret(sys_2(206, (long)size, (long)list));
}
