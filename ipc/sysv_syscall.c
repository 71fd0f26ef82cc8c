/*
 * ipc (117): Linux i386's System V IPC multiplexer (ipc/syscall.c's
 * ksys_ipc), what glibc and user/libc call.  call's low 16 bits choose the
 * operation, its high 16 bits are a version (only SHMAT and MSGRCV look at
 * it).  The *ctl calls take IPC_64 in their cmd (ipc_parse_version); the
 * direct system calls 393-402 assume it.
 *
 * Shared memory is built (ipc/shm.c); message queues and semaphore sets
 * are not yet: their calls give -ENOSYS, as Linux's sys_ni_syscall does
 * for a kind that is not built in, until ipc/msg.c and ipc/sem.c exist.
 */
#include "ipc/shm.h"
#include "ipc/sysv_ids.h"
#include <abi/errno.h>

long sys_ipc(u32 call, int first, u32 second, u32 third, void __user *ptr, long fifth)
{
	u32 version = call >> 16;

	(void)fifth;
	switch (call & 0xffff) {
	case IPCCALL_SHMAT: {
		u32 addr;
		long rc;

		if (version == 1)
			return -EINVAL; /* the iBCS2 entry point, never supported */
		rc = shm_attach(first, (u32)ptr, (int)second, &addr);
		if (rc)
			return rc;
		return copy_to_user((void __user *)third, &addr, sizeof(addr));
	}
	case IPCCALL_SHMDT:
		return sys_shmdt((u32)ptr);
	case IPCCALL_SHMGET:
		return sys_shmget(first, second, (int)third);
	case IPCCALL_SHMCTL: {
		int cmd = (int)second;
		int version64 = ipc_parse_version(&cmd);

		return shm_ctl(first, cmd, ptr, version64);
	}
	case IPCCALL_SEMOP:
	case IPCCALL_SEMGET:
	case IPCCALL_SEMCTL:
	case IPCCALL_SEMTIMEDOP:
	case IPCCALL_MSGSND:
	case IPCCALL_MSGRCV:
	case IPCCALL_MSGGET:
	case IPCCALL_MSGCTL:
		return -ENOSYS; /* not built yet (above) */
	default:
		return -ENOSYS;
	}
}
