/*
 * Scheduling policies and CPU affinity, answered in the C library: the
 * kernel runs every task as SCHED_OTHER (priority 0) on its one CPU and
 * has no sched_* calls but sched_yield.  What Linux answers for the same
 * machine is answered here: the policies' priority ranges (Linux's fixed
 * ones), SCHED_OTHER for any task, a mask of CPU 0.  A policy the kernel
 * cannot give (FIFO, RR, BATCH, IDLE) is refused with EPERM, as Linux
 * refuses a caller not allowed to choose it; bad arguments are EINVAL and
 * a pid that names nobody ESRCH (kill(pid, 0) says whether it exists).
 */
#define _GNU_SOURCE /* cpu_set_t */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>

static int fail(int e)
{
	errno = e;
	return -1;
}

static int valid_policy(int policy)
{
	return policy == SCHED_OTHER || policy == SCHED_FIFO || policy == SCHED_RR ||
	       policy == SCHED_BATCH || policy == SCHED_IDLE;
}

int sched_get_priority_max(int policy)
{
	if (!valid_policy(policy))
		return fail(EINVAL);
	return policy == SCHED_FIFO || policy == SCHED_RR ? 99 : 0;
}

int sched_get_priority_min(int policy)
{
	if (!valid_policy(policy))
		return fail(EINVAL);
	return policy == SCHED_FIFO || policy == SCHED_RR ? 1 : 0;
}

/* 0, or the errno for a pid: negative EINVAL, nobody ESRCH (0: the caller). */
static int check_pid(pid_t pid)
{
	if (pid < 0)
		return EINVAL;
	if (pid && kill(pid, 0) < 0 && errno == ESRCH)
		return ESRCH;
	return 0;
}

int sched_getscheduler(pid_t pid)
{
	int e = check_pid(pid);

	return e ? fail(e) : SCHED_OTHER;
}

int sched_getparam(pid_t pid, struct sched_param *param)
{
	int e = param ? check_pid(pid) : EINVAL;

	if (e)
		return fail(e);
	param->sched_priority = 0;
	return 0;
}

int sched_setscheduler(pid_t pid, int policy, const struct sched_param *param)
{
	int e = param && pid >= 0 ? 0 : EINVAL;

	if (!e)
		e = check_pid(pid); /* before the policy, as Linux */
	if (!e && (!valid_policy(policy) ||
		   param->sched_priority < sched_get_priority_min(policy) ||
		   param->sched_priority > sched_get_priority_max(policy)))
		e = EINVAL;
	if (!e && policy != SCHED_OTHER)
		e = EPERM;
	return e ? fail(e) : 0;
}

int sched_setparam(pid_t pid, const struct sched_param *param)
{
	int e = param && pid >= 0 ? 0 : EINVAL;

	if (!e)
		e = check_pid(pid);
	if (!e && param->sched_priority != 0)
		e = EINVAL; /* SCHED_OTHER's only priority */
	return e ? fail(e) : 0;
}

int __sched_cpucount(size_t size, const cpu_set_t *set)
{
	int n = 0;

	for (size_t i = 0; i < size / sizeof(unsigned long); i++)
		n += __builtin_popcountl(set->__bits[i]);
	return n;
}

/* Linux's checks: a mask shorter than the CPUs, or not whole longs, EINVAL. */
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set)
{
	int e = size < sizeof(unsigned long) || size % sizeof(unsigned long) ? EINVAL
									    : check_pid(pid);

	if (e)
		return fail(e);
	memset(set, 0, size);
	set->__bits[0] = 1; /* CPU 0 */
	return 0;
}

/* A mask without CPU 0 names no CPU this machine has: EINVAL, as Linux. */
int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set)
{
	int e = check_pid(pid);

	if (!e && (size < sizeof(unsigned long) || !(set->__bits[0] & 1)))
		e = EINVAL;
	return e ? fail(e) : 0;
}
