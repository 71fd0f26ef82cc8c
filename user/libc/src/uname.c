/* uname: the kernel's answer, call 122 (Linux's newuname). */
#include <sys/utsname.h>
#include "syscall.h"

int uname(struct utsname *buf)
{
	return (int)sys_ret(sys_1(__NR_uname, (long)buf));
}
