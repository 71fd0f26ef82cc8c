/*
 * ipc (117): Linux i386's System V IPC multiplexer (ipc/syscall.c's
 * ksys_ipc), what glibc and user/libc call.  call's low 16 bits choose the
 * operation, its high 16 bits are a version (only SHMAT and MSGRCV look at
 * it).  The *ctl calls take IPC_64 in their cmd (ipc_parse_version); the
 * direct system calls 393-402 assume it.
 *
 * Every kind is built: shared memory (ipc/shm.c), message queues
 * (ipc/msg.c), semaphore sets (ipc/sem.c).  An unknown call is -ENOSYS,
 * as Linux's.
 */
#include "ipc/msg.h"
#include "ipc/sem.h"
#include "ipc/shm.h"
#include "ipc/sysv_ids.h"
#include <abi/errno.h>

long sys_ipc(u32 call, int first, u32 second, u32 third, void __user *ptr, long fifth)
{
	u32 version = call >> 16;

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
		return sem_timedop_user(first, ptr, second, NULL, false);
	case IPCCALL_SEMTIMEDOP: /* the 32-bit struct timespec in fifth */
		return sem_timedop_user(first, ptr, second, (const void __user *)fifth, false);
	case IPCCALL_SEMGET:
		return sys_semget(first, (int)second, (int)third);
	case IPCCALL_SEMCTL: {
		/* ptr points at union semun: its one word is the argument */
		int cmd = (int)third;
		int version64 = ipc_parse_version(&cmd);
		unsigned long arg;

		if (!ptr)
			return -EINVAL;
		if (copy_from_user(&arg, ptr, sizeof(arg)))
			return -EFAULT;
		return sem_ctl(first, (int)second, cmd, arg, version64);
	}
	case IPCCALL_MSGSND:
		return sys_msgsnd(first, ptr, second, (int)third);
	case IPCCALL_MSGRCV: {
		/* version 0: ptr is struct ipc_kludge {msgp, msgtyp} */
		struct {
			void __user *msgp;
			long msgtyp;
		} kludge;

		if (version != 0)
			return sys_msgrcv(first, ptr, second, fifth, (int)third);
		if (!ptr)
			return -EINVAL;
		if (copy_from_user(&kludge, ptr, sizeof(kludge)))
			return -EFAULT;
		return sys_msgrcv(first, kludge.msgp, second, kludge.msgtyp, (int)third);
	}
	case IPCCALL_MSGGET:
		return sys_msgget(first, (int)second);
	case IPCCALL_MSGCTL: {
		int cmd = (int)second;
		int version64 = ipc_parse_version(&cmd);

		return msg_ctl(first, cmd, ptr, version64);
	}
	default:
		return -ENOSYS;
	}
}
