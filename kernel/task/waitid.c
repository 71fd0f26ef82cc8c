/*
 * waitid (284), as Linux's kernel/exit.c: the wait of wait4
 * (process_wait), with its own arguments and answer.
 *  - idtype P_ALL, P_PID (id > 0), P_PGID (id >= 0; 0: the caller's
 *    group); anything else, P_PIDFD too (tick386 has no pidfd), -EINVAL;
 *  - options: at least one of WEXITED, WSTOPPED, WCONTINUED, else
 *    -EINVAL; WNOHANG, WNOWAIT (report and leave the child as it is);
 *  - the answer: 0, and in *infop si_signo SIGCHLD, si_code CLD_*, si_pid,
 *    si_uid, si_status (the exit code or the signal).  As Linux, infop is
 *    written whatever the outcome, with zeros when nothing was found
 *    (WNOHANG) or the call failed (-ECHILD), and only those six fields;
 *  - the fifth argument, rusage, is filled only when a child was found.
 */
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "lib/string.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/resource.h>
#include <abi/signal.h>
#include <abi/wait.h>

#define WAITID_OPTIONS                                                                             \
	(WNOHANG | WNOWAIT | WEXITED | WSTOPPED | WCONTINUED | __WNOTHREAD | __WCLONE | __WALL)

long sys_waitid(int which, int id, struct siginfo __user *infop, int options,
		struct rusage __user *uru)
{
	struct wait_report r;
	int signo = 0, zero = 0;
	long rc;

	memset(&r, 0, sizeof(r));
	if (options & ~WAITID_OPTIONS)
		return -EINVAL;
	if (!(options & (WEXITED | WSTOPPED | WCONTINUED)))
		return -EINVAL;
	switch (which) {
	case P_ALL:
		break;
	case P_PID:
		if (id <= 0)
			return -EINVAL;
		break;
	case P_PGID:
		if (id < 0)
			return -EINVAL;
		if (id == 0)
			id = current->leader->pgid;
		break;
	default:
		return -EINVAL;
	}
	rc = process_wait(which, id, options, &r);
	if (rc == -ERESTARTSYS)
		return rc; /* nothing written: the call is restarted or says -EINTR */
	if (rc > 0) {
		signo = SIGCHLD;
		rc = 0;
		if (uru) {
			struct rusage ru;

			process_wait_rusage(r.cpu_ns, r.utime_ns, &ru);
			if (copy_to_user(uru, &ru, sizeof(ru)))
				return -EFAULT;
		}
	}
	if (!infop)
		return rc;
	if (copy_to_user(&infop->si_signo, &signo, sizeof(int)) ||
	    copy_to_user(&infop->si_errno, &zero, sizeof(int)) ||
	    copy_to_user(&infop->si_code, &r.code, sizeof(int)) ||
	    copy_to_user(&infop->si_pid, &r.pid, sizeof(int)) ||
	    copy_to_user(&infop->si_uid, signo ? (const void *)&r.uid : &zero, sizeof(int)) ||
	    copy_to_user(&infop->si_status, &r.child_status, sizeof(int)))
		return -EFAULT;
	return rc;
}
