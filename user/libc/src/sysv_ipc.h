/*
 * System V IPC through Linux i386's ipc(2) multiplexer (117), as glibc
 * long did: ipc(call, first, second, third, ptr, fifth).  The ctl calls
 * carry IPC_64 in cmd (the layouts of <sys/msg.h>, <sys/shm.h>,
 * <sys/sem.h>).  tick386 serves all three kinds (ipc/shm.c, ipc/msg.c,
 * ipc/sem.c) (internal).
 */
#ifndef TICK386_LIBC_SYSV_IPC_H
#define TICK386_LIBC_SYSV_IPC_H

#include "syscall.h"

enum {
	IPCOP_SEMOP = 1, IPCOP_SEMGET = 2, IPCOP_SEMCTL = 3, IPCOP_SEMTIMEDOP = 4,
	IPCOP_MSGSND = 11, IPCOP_MSGRCV = 12, IPCOP_MSGGET = 13, IPCOP_MSGCTL = 14,
	IPCOP_SHMAT = 21, IPCOP_SHMDT = 22, IPCOP_SHMGET = 23, IPCOP_SHMCTL = 24,
};
#define IPCOP_IPC_64 0x100

static inline long sysv_ipc(long call, long first, long second, long third, const void *ptr,
			    long fifth)
{
	return sys_6(__NR_ipc, call, first, second, third, (long)ptr, fifth);
}

#endif
