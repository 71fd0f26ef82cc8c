/* setdomainname: call 121 (root only; len at most 64). */
#include <unistd.h>
#include "syscall.h"

int setdomainname(const char *name, size_t len)
{
	return (int)sys_ret(sys_2(__NR_setdomainname, (long)name, (long)len));
}
