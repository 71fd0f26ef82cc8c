/*
 * What public POSIX test suites call before their real work: sysconf's
 * names for the thread-synchronisation options, prctl (the name of the
 * thread; an unknown option EINVAL; a bad pointer EFAULT), the scheduling
 * calls on a SCHED_OTHER task (priority ranges, get/set of the policy and
 * parameters, errors), CPU affinity (CPU 0 in the mask; an empty mask
 * EINVAL), setpgrp, getcwd's errors.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include "conformance.h"

#define R(cond, ...) ok((cond), __VA_ARGS__)

static void sysconf_names(void)
{
	static const struct {
		int name;
		const char *text;
	} opts[] = {
		{_SC_SEMAPHORES, "_SC_SEMAPHORES"},
		{_SC_THREAD_PROCESS_SHARED, "_SC_THREAD_PROCESS_SHARED"},
		{_SC_BARRIERS, "_SC_BARRIERS"},
		{_SC_SPIN_LOCKS, "_SC_SPIN_LOCKS"},
		{_SC_READER_WRITER_LOCKS, "_SC_READER_WRITER_LOCKS"},
		{_SC_TIMEOUTS, "_SC_TIMEOUTS"},
	};

	for (unsigned i = 0; i < sizeof(opts) / sizeof(*opts); i++) {
		long v = sysconf(opts[i].name);

		why("%ld", v);
		R(v == 200809L, "sysconf(%s) -> 200809", opts[i].text);
	}
	why("%ld", sysconf(_SC_SEM_VALUE_MAX));
	R(sysconf(_SC_SEM_VALUE_MAX) == INT_MAX, "sysconf(_SC_SEM_VALUE_MAX) -> INT_MAX");
	errno = 0;
	long v = sysconf(_SC_SEM_NSEMS_MAX);
	why("%ld errno %s", v, errname(errno));
	R(v == -1 && errno == 0, "sysconf(_SC_SEM_NSEMS_MAX) -> -1, errno untouched (no limit)");
	R(sysconf(_SC_PAGESIZE) == 4096, "sysconf(_SC_PAGESIZE) -> 4096");
	R(sysconf(_SC_NPROCESSORS_ONLN) >= 1, "sysconf(_SC_NPROCESSORS_ONLN) >= 1");
}

static void prctl_calls(void)
{
	char name[32];

	EXPECT(prctl(PR_SET_NAME, (unsigned long)"waits-test", 0, 0, 0), 0, "prctl(PR_SET_NAME)");
	memset(name, 'x', sizeof(name));
	EXPECT(prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0), 0, "prctl(PR_GET_NAME)");
	R(strcmp(name, "waits-test") == 0, "PR_GET_NAME reads back the name set");
	EXPECT(prctl(PR_SET_NAME, (unsigned long)"a-name-of-twenty-six-chars", 0, 0, 0), 0,
	       "prctl(PR_SET_NAME, 26 characters)");
	prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0);
	why("%s", name);
	R(strcmp(name, "a-name-of-twent") == 0, "a long name is cut at 15 characters");
	EXPECT(prctl(PR_GET_NAME, (unsigned long)BAD_PTR_LOW, 0, 0, 0), EFAULT,
	       "prctl(PR_GET_NAME, bad pointer)");
	EXPECT(prctl(PR_SET_NAME, (unsigned long)BAD_PTR_LOW, 0, 0, 0), EFAULT,
	       "prctl(PR_SET_NAME, bad pointer)");
	prctl(PR_GET_NAME, (unsigned long)name, 0, 0, 0);
	R(strcmp(name, "a-name-of-twent") == 0, "a failed PR_SET_NAME leaves the name");
	EXPECT(prctl(0x7fff1234, 0, 0, 0, 0), EINVAL, "prctl(unknown option)");
	EXPECT(prctl(-1, 0, 0, 0, 0), EINVAL, "prctl(-1)");
}

/* A pid nobody has: a child's, once reaped. */
static pid_t gone_pid(void)
{
	pid_t p = fork();

	if (p == 0)
		_exit(0);
	waitpid(p, NULL, 0);
	return p;
}

static void sched_calls(void)
{
	struct sched_param sp = {0};
	pid_t gone = gone_pid();

	R(sched_get_priority_min(SCHED_FIFO) == 1 && sched_get_priority_max(SCHED_FIFO) == 99,
	  "SCHED_FIFO priorities 1..99");
	R(sched_get_priority_min(SCHED_RR) == 1 && sched_get_priority_max(SCHED_RR) == 99,
	  "SCHED_RR priorities 1..99");
	R(sched_get_priority_min(SCHED_OTHER) == 0 && sched_get_priority_max(SCHED_OTHER) == 0,
	  "SCHED_OTHER priorities 0..0");
	EXPECT(sched_get_priority_max(42), EINVAL, "sched_get_priority_max(42)");
	EXPECT(sched_get_priority_min(-1), EINVAL, "sched_get_priority_min(-1)");
	R(sched_getscheduler(0) == SCHED_OTHER, "sched_getscheduler(0) -> SCHED_OTHER");
	R(sched_getscheduler(getpid()) == SCHED_OTHER, "sched_getscheduler(getpid()) -> SCHED_OTHER");
	EXPECT(sched_getscheduler(-1), EINVAL, "sched_getscheduler(-1)");
	EXPECT(sched_getscheduler(gone), ESRCH, "sched_getscheduler(a reaped child)");
	sp.sched_priority = 7;
	EXPECT(sched_getparam(0, &sp), 0, "sched_getparam(0)");
	R(sp.sched_priority == 0, "priority 0");
	EXPECT(sched_getparam(gone, &sp), ESRCH, "sched_getparam(a reaped child)");
	EXPECT(sched_getparam(-1, &sp), EINVAL, "sched_getparam(-1)");
	sp.sched_priority = 0;
	EXPECT(sched_setscheduler(0, SCHED_OTHER, &sp), 0, "sched_setscheduler(0, SCHED_OTHER, 0)");
	sp.sched_priority = 1;
	EXPECT(sched_setscheduler(0, SCHED_OTHER, &sp), EINVAL, "sched_setscheduler(SCHED_OTHER, 1)");
	sp.sched_priority = 100;
	EXPECT(sched_setscheduler(0, SCHED_FIFO, &sp), EINVAL, "sched_setscheduler(SCHED_FIFO, 100)");
	sp.sched_priority = 0;
	EXPECT(sched_setscheduler(0, 42, &sp), EINVAL, "sched_setscheduler(policy 42)");
	EXPECT(sched_setscheduler(-1, SCHED_OTHER, &sp), EINVAL, "sched_setscheduler(-1)");
	EXPECT(sched_setscheduler(gone, 42, &sp), ESRCH, "sched_setscheduler(a reaped child, policy 42)");
	EXPECT(sched_setparam(0, &sp), 0, "sched_setparam(0, 0)");
	sp.sched_priority = 5;
	EXPECT(sched_setparam(0, &sp), EINVAL, "sched_setparam(0, 5) under SCHED_OTHER");
	R(sched_getscheduler(0) == SCHED_OTHER, "still SCHED_OTHER");
}

static void affinity(void)
{
	cpu_set_t set;
	pid_t gone = gone_pid();

	CPU_ZERO(&set);
	EXPECT(sched_getaffinity(0, sizeof(set), &set), 0, "sched_getaffinity(0)");
	why("%d CPUs", CPU_COUNT(&set));
	R(CPU_ISSET(0, &set) && CPU_COUNT(&set) >= 1, "CPU 0 is in the mask");
	EXPECT(sched_getaffinity(gone, sizeof(set), &set), ESRCH, "sched_getaffinity(a reaped child)");
	CPU_ZERO(&set);
	EXPECT(sched_setaffinity(0, sizeof(set), &set), EINVAL, "sched_setaffinity(empty mask)");
	CPU_SET(0, &set);
	EXPECT(sched_setaffinity(0, sizeof(set), &set), 0, "sched_setaffinity(CPU 0)");
	CPU_ZERO(&set);
	sched_getaffinity(0, sizeof(set), &set);
	R(CPU_ISSET(0, &set) && CPU_COUNT(&set) == 1, "the mask is CPU 0 alone");
	R(!CPU_ISSET(5000, &set), "CPU_ISSET beyond CPU_SETSIZE is 0");
}

static void process_calls(void)
{
	char buf[4096];
	pid_t p = fork();

	if (p == 0)
		_exit(setpgrp() == 0 && getpgrp() == getpid() ? 0 : 1);
	int st = -1;
	waitpid(p, &st, 0);
	R(WIFEXITED(st) && WEXITSTATUS(st) == 0, "setpgrp: the child leads a group of its own");
	errno = 0;
	R(getcwd(buf, 0) == NULL && errno == EINVAL, "getcwd(buf, 0) -> EINVAL");
	errno = 0;
	R(getcwd(buf, 1) == NULL && errno == ERANGE, "getcwd(buf, 1) -> ERANGE");
	R(getcwd(buf, sizeof(buf)) == buf && buf[0] == '/', "getcwd names an absolute path");
	note("cwd %s", buf);
}

int main(void)
{
	sysconf_names();
	prctl_calls();
	sched_calls();
	affinity();
	process_calls();
	return done();
}
