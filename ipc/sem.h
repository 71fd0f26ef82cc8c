/*
 * System V semaphores (Linux's ipc/sem.c): semget, semop, semtimedop,
 * semctl, reached through the ipc(2) multiplexer (ipc/sysv_syscall.c) and
 * the direct calls 393, 394 and 420; SEM_UNDO's adjustments applied at a
 * process's end.  The ids, keys and permissions are the generic layer's
 * (ipc/sysv_ids.h); ipc/sem.c's top comment has the set's structure,
 * sleepers, undo lists, lifetime and locking.
 */
#ifndef TICK386_IPC_SEM_H
#define TICK386_IPC_SEM_H

#include "lib/types.h"
#include "mm/uaccess.h"

struct task;
struct abi_timespec64;

long sys_semget(int key, int nsems, int semflg);
/* 394: the IPC_64 layouts whatever cmd says (Linux's sys_semctl); arg is
 * union semun's value (an int or a user pointer). */
long sys_semctl(int semid, int semnum, int cmd, unsigned long arg);
/* ipc(2)'s SEMCTL: version from ipc_parse_version, arg read from its ptr. */
long sem_ctl(int semid, int semnum, int cmd, unsigned long arg, int version);
/* ipc(2)'s SEMOP (timeout NULL) and SEMTIMEDOP: a relative time-out in
 * the 32-bit struct timespec (wide false) or __kernel_timespec (true). */
long sem_timedop_user(int semid, const void __user *sops, unsigned nsops,
		      const void __user *timeout, bool wide);
/* 420 */
long sys_semtimedop_time64(int semid, const void __user *sops, unsigned nsops,
			   const struct abi_timespec64 __user *timeout);

/* The sysctl kernel.sem: SEMMSL, SEMMNS, SEMOPM, SEMMNI (Linux's
 * defaults 32000, 1024000000, 500, 32000); /proc/sys/kernel/sem reads and
 * (root) writes them. */
extern int sem_ctls[4];

struct proc_text;
/* /proc/sysvipc/sem's text. */
void sem_proc_show(struct proc_text *out);

/* The process of leader ends (its last thread): its SEM_UNDO adjustments
 * are applied and freed (interrupts on). */
void sem_process_exit(struct task *leader);

#endif
