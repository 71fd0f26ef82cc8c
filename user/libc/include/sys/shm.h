/*
 * <sys/shm.h>: System V shared memory, glibc i386's structures (the
 * kernel's shmid64_ds, ipc/shm.c).
 */
#ifndef _SYS_SHM_H
#define _SYS_SHM_H

#include <stddef.h>
#include <sys/ipc.h>

#define SHM_R      0400
#define SHM_W      0200
#define SHM_RDONLY 010000  /* attach read-only */
#define SHM_RND    020000  /* round the address down to SHMLBA */
#define SHM_REMAP  040000  /* replace what is mapped there */
#define SHM_EXEC   0100000 /* executable */

#define SHM_LOCK   11
#define SHM_UNLOCK 12
#define SHM_STAT     13
#define SHM_INFO     14
#define SHM_STAT_ANY 15

#define SHM_DEST      01000
#define SHM_LOCKED    02000
#define SHM_HUGETLB   04000
#define SHM_NORESERVE 010000

#define SHMLBA 4096

typedef unsigned long shmatt_t;

struct shmid_ds {
	struct ipc_perm shm_perm;
	size_t shm_segsz;
	time_t shm_atime;
	unsigned long __shm_atime_high;
	time_t shm_dtime;
	unsigned long __shm_dtime_high;
	time_t shm_ctime;
	unsigned long __shm_ctime_high;
	pid_t shm_cpid;
	pid_t shm_lpid;
	shmatt_t shm_nattch;
	unsigned long __glibc_reserved5;
	unsigned long __glibc_reserved6;
};

struct shminfo {
	unsigned long shmmax;
	unsigned long shmmin;
	unsigned long shmmni;
	unsigned long shmseg;
	unsigned long shmall;
	unsigned long __glibc_reserved1;
	unsigned long __glibc_reserved2;
	unsigned long __glibc_reserved3;
	unsigned long __glibc_reserved4;
};

struct shm_info {
	int used_ids;
	unsigned long shm_tot;
	unsigned long shm_rss;
	unsigned long shm_swp;
	unsigned long swap_attempts;
	unsigned long swap_successes;
};

int shmget(key_t key, size_t size, int shmflg);
void *shmat(int shmid, const void *shmaddr, int shmflg);
int shmdt(const void *shmaddr);
int shmctl(int shmid, int cmd, struct shmid_ds *buf);

#endif
