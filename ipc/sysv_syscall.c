/*
 * ipc (117): Linux i386's System V IPC multiplexer (ipc/syscall.c's
 * ksys_ipc), what glibc and user/libc call.  call's low 16 bits choose the
 * operation, its high 16 bits are a version (only SHMAT and MSGRCV look at
 * it).  The *ctl calls take IPC_64 in their cmd (ipc_parse_version); the
 * direct system calls 393-402 assume it.
 *
 * No kind is built yet (ipc/shm.c, ipc/msg.c, ipc/sem.c will be): the calls give -ENOSYS, as Linux's sys_ni_syscall does
 * for a kind that is not built in.
 */
#include "ipc/sysv_ids.h"
#include <abi/errno.h>

long sys_ipc(u32 call, int first, u32 second, u32 third, void __user *ptr, long fifth)
{
	(void)first;
	(void)second;
	(void)third;
	(void)ptr;
	(void)fifth;
	switch (call & 0xffff) {
	case IPCCALL_SHMAT:
	case IPCCALL_SHMDT:
	case IPCCALL_SHMGET:
	case IPCCALL_SHMCTL:
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
