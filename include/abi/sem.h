/*
 * System V semaphores as Linux i386 has them (x86's sembuf.h and
 * linux/sem.h): semop's flag, semctl's own commands, struct sembuf, the
 * layouts semctl copies in and out, Linux's default limits.  user/libc has
 * its own <sys/sem.h> with glibc's names for the same bytes.
 */
#ifndef TICK386_ABI_SEM_H
#define TICK386_ABI_SEM_H

#include <abi/ipc.h>

#define SEM_UNDO 0x1000 /* semop: undone when the process exits */

#define GETPID  11
#define GETVAL  12
#define GETALL  13
#define GETNCNT 14
#define GETZCNT 15
#define SETVAL  16
#define SETALL  17
#define SEM_STAT     18
#define SEM_INFO     19
#define SEM_STAT_ANY 20

/* Linux's defaults (linux/sem.h): the kernel.sem sysctl's four, and what
 * IPC_INFO reports besides. */
#define SEMMNI 32000		/* sets */
#define SEMMSL 32000		/* semaphores in a set */
#define SEMMNS (SEMMNI * SEMMSL) /* semaphores in all */
#define SEMOPM 500		/* operations in one semop */
#define SEMVMX 32767		/* the largest value */
#define SEMAEM SEMVMX		/* the largest undo adjustment */
#define SEMUME SEMOPM
#define SEMMNU SEMMNS
#define SEMMAP SEMMNS
#define SEMUSZ 20

struct abi_sembuf {
	unsigned short sem_num;
	short sem_op;
	short sem_flg;
};

/* struct semid64_ds: 72 bytes. */
struct abi_semid64_ds {
	struct abi_ipc64_perm sem_perm;
	unsigned long sem_otime, sem_otime_high;
	unsigned long sem_ctime, sem_ctime_high;
	unsigned long sem_nsems;
	unsigned long unused3, unused4;
};

/* struct semid_ds of IPC_OLD: 44 bytes (kernel pointers once: 0). */
struct abi_semid_ds_old {
	struct abi_ipc_perm_old sem_perm;
	int sem_otime, sem_ctime;
	unsigned long sem_base, sem_pending, sem_pending_last, undo;
	unsigned short sem_nsems, pad;
};

/* IPC_INFO's and SEM_INFO's struct seminfo. */
struct abi_seminfo {
	int semmap, semmni, semmns, semmnu, semmsl, semopm, semume, semusz, semvmx, semaem;
};

#endif
