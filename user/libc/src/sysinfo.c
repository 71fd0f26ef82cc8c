/* sysinfo: call 116. */
#include <sys/sysinfo.h>
#include "syscall.h"

int sysinfo(struct sysinfo *info)
{
	return (int)sys_ret(sys_1(__NR_sysinfo, (long)info));
}
