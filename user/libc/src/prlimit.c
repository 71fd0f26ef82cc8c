/*
 * prlimit64, prlimit, getrlimit64, setrlimit64: the kernel's prlimit64
 * (#340).  prlimit's 32-bit pairs convert as glibc's: RLIM_INFINITY both
 * ways, a 64-bit value that does not fit a long reads as RLIM_INFINITY.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <sys/resource.h>
#include "syscall.h"

int prlimit64(pid_t pid, int resource, const struct rlimit64 *new_limit, struct rlimit64 *old_limit)
{
	return (int)sys_ret(sys_4(__NR_prlimit64, pid, resource, (long)new_limit, (long)old_limit));
}

int getrlimit64(int resource, struct rlimit64 *rlim)
{
	return prlimit64(0, resource, NULL, rlim);
}

int setrlimit64(int resource, const struct rlimit64 *rlim)
{
	return prlimit64(0, resource, rlim, NULL);
}

static rlim_t narrow(rlim64_t v)
{
	return v >= RLIM_INFINITY ? RLIM_INFINITY : (rlim_t)v;
}

static rlim64_t widen(rlim_t v)
{
	return v == RLIM_INFINITY ? RLIM64_INFINITY : v;
}

int prlimit(pid_t pid, int resource, const struct rlimit *new_limit, struct rlimit *old_limit)
{
	struct rlimit64 n, o;
	int rc;

	if (new_limit) {
		n.rlim_cur = widen(new_limit->rlim_cur);
		n.rlim_max = widen(new_limit->rlim_max);
	}
	rc = prlimit64(pid, resource, new_limit ? &n : NULL, old_limit ? &o : NULL);
	if (rc == 0 && old_limit) {
		old_limit->rlim_cur = narrow(o.rlim_cur);
		old_limit->rlim_max = narrow(o.rlim_max);
	}
	return rc;
}
