/* sethostname: call 74 (root only; len at most 64). */
#include <unistd.h>
#include "syscall.h"

int sethostname(const char *name, size_t len)
{
	return (int)sys_ret(sys_2(__NR_sethostname, (long)name, (long)len));
}
