/*
 * <sys/sem.h>: System V semaphores, glibc i386's structures.  As glibc,
 * union semun is the program's to declare (_SEM_SEMUN_UNDEFINED says so).
 * The kernel's side: ipc/sem.c.
 */
#ifndef _SYS_SEM_H
#define _SYS_SEM_H

#include <stddef.h>
#include <sys/ipc.h>
#include <time.h>

#define SEM_UNDO 0x1000 /* undone when the process exits */

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

#define _SEM_SEMUN_UNDEFINED 1

struct semid_ds {
	struct ipc_perm sem_perm;
	time_t sem_otime;
	unsigned long __sem_otime_high;
	time_t sem_ctime;
	unsigned long __sem_ctime_high;
	unsigned long sem_nsems;
	unsigned long __glibc_reserved3;
	unsigned long __glibc_reserved4;
};

struct seminfo {
	int semmap;
	int semmni;
	int semmns;
	int semmnu;
	int semmsl;
	int semopm;
	int semume;
	int semusz;
	int semvmx;
	int semaem;
};

struct sembuf {
	unsigned short sem_num;
	short sem_op;
	short sem_flg;
};

int semget(key_t key, int nsems, int semflg);
int semctl(int semid, int semnum, int cmd, ...);
int semop(int semid, struct sembuf *sops, size_t nsops);
int semtimedop(int semid, struct sembuf *sops, size_t nsops, const struct timespec *timeout);

#endif
