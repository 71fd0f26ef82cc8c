/*
 * getrlimit and setrlimit, in the C library: tick386 has no prlimit64 and
 * no per-process limits, only fixed bounds, which getrlimit reports as
 * soft and hard limit alike: 64 descriptors (the kernel's FD_MAX, in
 * fs/file.h), an 8 MiB stack (VM_STACK_MAX, mm/vm.h), ABI_SIGQUEUE_MAX
 * queued signals; every other resource is unlimited.  setrlimit cannot
 * move a bound: it accepts the values it already has and answers EPERM
 * for any other (Linux would let root lower them; not done here).  Errors
 * as Linux: EINVAL for an unknown resource or a soft limit above the hard
 * one, EFAULT for a NULL pointer.
 */
#include <errno.h>
#include <signal.h>
#include <sys/resource.h>

#define KERNEL_FD_MAX 64
#define KERNEL_STACK_MAX (8ul << 20)

static rlim_t bound(int resource)
{
	switch (resource) {
	case RLIMIT_NOFILE:
		return KERNEL_FD_MAX;
	case RLIMIT_STACK:
		return KERNEL_STACK_MAX;
	case RLIMIT_SIGPENDING:
		return ABI_SIGQUEUE_MAX;
	default:
		return RLIM_INFINITY;
	}
}

int getrlimit(int resource, struct rlimit *rlim)
{
	if ((unsigned)resource >= RLIMIT_NLIMITS) {
		errno = EINVAL;
		return -1;
	}
	if (!rlim) {
		errno = EFAULT;
		return -1;
	}
	rlim->rlim_cur = rlim->rlim_max = bound(resource);
	return 0;
}

int setrlimit(int resource, const struct rlimit *rlim)
{
	int e = 0;

	if ((unsigned)resource >= RLIMIT_NLIMITS)
		e = EINVAL;
	else if (!rlim)
		e = EFAULT;
	else if (rlim->rlim_cur > rlim->rlim_max)
		e = EINVAL;
	else if (rlim->rlim_cur != bound(resource) || rlim->rlim_max != bound(resource))
		e = EPERM;
	if (e) {
		errno = e;
		return -1;
	}
	return 0;
}
