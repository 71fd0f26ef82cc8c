/* quotactl: the system call (131).  tick386 has no quotas: ENOSYS, as
 * Linux without CONFIG_QUOTACTL. */
#include <sys/quota.h>
#include "syscall.h"

int quotactl(int cmd, const char *special, int id, char *addr)
{
	return (int)sys_ret(sys_4(__NR_quotactl, cmd, (long)special, id, (long)addr));
}
