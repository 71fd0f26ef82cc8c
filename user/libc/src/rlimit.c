/*
 * getrlimit and setrlimit: the kernel's per-process limits (kernel/task/
 * rlimit.c), through ugetrlimit (#191, ~0 for infinity, as RLIM_INFINITY)
 * and setrlimit (#75), so that a bad pointer is the kernel's EFAULT.  The
 * 64-bit forms and prlimit go through prlimit64 (#340), in src/prlimit.c.
 */
#include <sys/resource.h>
#include "syscall.h"

int getrlimit(int resource, struct rlimit *rlim)
{
	return (int)sys_ret(sys_2(__NR_ugetrlimit, resource, (long)rlim));
}

int setrlimit(int resource, const struct rlimit *rlim)
{
	return (int)sys_ret(sys_2(__NR_setrlimit, resource, (long)rlim));
}
