/*
 * Processes: fork, wait*, process groups and sessions.  The waits are
 * cancellation points; fork keeps the libc's locks consistent in the child,
 * which has only the calling thread.
 */
#include <errno.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#include "thread.h"

pid_t fork(void)
{
	abi_sigset_t mask;
	long ret;

	__fork_prepare(&mask);
	ret = sys_0(__NR_fork);
	if (ret == 0)
		__thread_fork_child(&mask);
	else
		__fork_parent(&mask);
	return (pid_t)sys_ret(ret);
}

pid_t wait4(pid_t pid, int *status, int options, struct rusage *rusage)
{
	return (pid_t)sys_ret(
	    __syscall_cp(__NR_wait4, pid, (long)status, options, (long)rusage, 0, 0));
}

int waitid(idtype_t idtype, id_t id, siginfo_t *info, int options)
{
	/* glibc passes no rusage (the kernel's fifth argument) */
	return (int)sys_ret(__syscall_cp(__NR_waitid, idtype, (long)id, (long)info, options, 0, 0));
}

pid_t waitpid(pid_t pid, int *status, int options)
{
	return wait4(pid, status, options, 0);
}

pid_t wait(int *status)
{
	return wait4(-1, status, 0, 0);
}

int setpgid(pid_t pid, pid_t pgid)
{
	return (int)sys_ret(sys_2(__NR_setpgid, pid, pgid));
}

/* System V's and glibc's: the caller leads a new group of its own. */
int setpgrp(void)
{
	return setpgid(0, 0);
}

pid_t getpgid(pid_t pid)
{
	return (pid_t)sys_ret(sys_1(__NR_getpgid, pid));
}

pid_t getpgrp(void)
{
	return (pid_t)sys_0(__NR_getpgrp);
}

pid_t setsid(void)
{
	return (pid_t)sys_ret(sys_0(__NR_setsid));
}

pid_t getsid(pid_t pid)
{
	return (pid_t)sys_ret(sys_1(__NR_getsid, pid));
}

int killpg(pid_t pgrp, int sig)
{
	if (pgrp < 0) {
		errno = EINVAL;
		return -1;
	}
	return kill(-pgrp, sig);
}
