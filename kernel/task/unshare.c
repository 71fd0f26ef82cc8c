/*
 * unshare(2) as Linux built without namespaces answers it (kernel/fork.c,
 * ksys_unshare and check_unshare_flags): the implied flags first
 * (CLONE_NEWUSER brings CLONE_THREAD and CLONE_FS, CLONE_VM brings
 * CLONE_SIGHAND, CLONE_SIGHAND brings CLONE_THREAD, CLONE_NEWNS brings
 * CLONE_FS); a bit outside the flags unshare knows is -EINVAL; so are
 * CLONE_THREAD, CLONE_SIGHAND and CLONE_VM in a process with more than one
 * thread (Linux pretends only when there is nothing to unshare); then any
 * namespace is -EINVAL, as each copy_*_ns of a kernel without that
 * namespace answers (tick386 has none, not even the mount namespace Linux
 * always has).  0 otherwise, and nothing changes: a single-threaded
 * process shares its files, root and working directory with nobody (no
 * CLONE_FILES or CLONE_FS task here), and there are no System V semaphore
 * undo lists for CLONE_SYSVSEM to detach from.
 *
 * Not Linux: in a process with several threads, CLONE_FILES and CLONE_FS
 * are -EINVAL, since tick386 keeps the descriptor table, the working
 * directory and the umask per process (task->leader->files), not per
 * thread, and cannot give one thread its own copy.
 */
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include <abi/clone.h>
#include <abi/errno.h>

#define UNSHARE_NS                                                                                 \
	(ABI_CLONE_NEWNS | ABI_CLONE_NEWUTS | ABI_CLONE_NEWIPC | ABI_CLONE_NEWNET |                \
	 ABI_CLONE_NEWUSER | ABI_CLONE_NEWPID | ABI_CLONE_NEWCGROUP | ABI_CLONE_NEWTIME)
#define UNSHARE_KNOWN                                                                              \
	(ABI_CLONE_THREAD | ABI_CLONE_FS | ABI_CLONE_SIGHAND | ABI_CLONE_VM | ABI_CLONE_FILES |    \
	 ABI_CLONE_SYSVSEM | UNSHARE_NS)

long sys_unshare(unsigned long flags)
{
	bool threaded = current->leader->nr_threads > 1;

	if (flags & ABI_CLONE_NEWUSER)
		flags |= ABI_CLONE_THREAD | ABI_CLONE_FS;
	if (flags & ABI_CLONE_VM)
		flags |= ABI_CLONE_SIGHAND;
	if (flags & ABI_CLONE_SIGHAND)
		flags |= ABI_CLONE_THREAD;
	if (flags & ABI_CLONE_NEWNS)
		flags |= ABI_CLONE_FS;
	if (flags & ~(unsigned long)UNSHARE_KNOWN)
		return -EINVAL;
	if (threaded && (flags & (ABI_CLONE_THREAD | ABI_CLONE_SIGHAND | ABI_CLONE_VM)))
		return -EINVAL;
	if (threaded && (flags & (ABI_CLONE_FILES | ABI_CLONE_FS)))
		return -EINVAL; /* not Linux: see above */
	if (flags & UNSHARE_NS)
		return -EINVAL;
	return 0;
}
