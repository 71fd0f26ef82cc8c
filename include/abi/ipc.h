/*
 * System V IPC as Linux i386 has it (CONFIG_SYSVIPC): the flags and
 * commands every get/ctl call shares, the call numbers of the ipc(2)
 * multiplexer, and the layouts the kernel copies out (asm-generic's
 * ipcbuf.h and shmbuf.h, which x86-32 uses).  The kernel's side; user/libc
 * has its own <sys/ipc.h> and <sys/shm.h> with glibc's names for the same
 * bytes.
 */
#ifndef TICK386_ABI_IPC_H
#define TICK386_ABI_IPC_H

#define IPC_PRIVATE 0	 /* key: always a new object */
#define IPC_CREAT  01000 /* get: create the key if it does not exist */
#define IPC_EXCL   02000 /* get: fail (EEXIST) if it does */
#define IPC_NOWAIT 04000

#define IPC_RMID 0 /* ctl commands common to shm, msg and sem */
#define IPC_SET  1
#define IPC_STAT 2
#define IPC_INFO 3

#define IPC_OLD 0     /* ctl cmd without IPC_64: the 16-bit-id layouts */
#define IPC_64  0x100 /* ctl cmd flag: the ipc64_perm layouts */

/* ipc(2)'s call numbers (the low 16 bits of its first argument; the high
 * 16 bits are a version: 0 for everything glibc ever sent). */
#define IPCCALL_SEMOP      1
#define IPCCALL_SEMGET     2
#define IPCCALL_SEMCTL     3
#define IPCCALL_SEMTIMEDOP 4
#define IPCCALL_MSGSND     11
#define IPCCALL_MSGRCV     12
#define IPCCALL_MSGGET     13
#define IPCCALL_MSGCTL     14
#define IPCCALL_SHMAT      21
#define IPCCALL_SHMDT      22
#define IPCCALL_SHMGET     23
#define IPCCALL_SHMCTL     24

/* struct ipc64_perm: 36 bytes. */
struct abi_ipc64_perm {
	int key;
	unsigned long uid, gid, cuid, cgid;
	unsigned short mode; /* __kernel_mode_t is 16 bits on i386 */
	unsigned char pad1[2];
	unsigned short seq;
	unsigned short pad2;
	unsigned long unused1, unused2;
};

/* struct ipc_perm of IPC_OLD: 16-bit ids (__kernel_uid_t). */
struct abi_ipc_perm_old {
	int key;
	unsigned short uid, gid, cuid, cgid;
	unsigned short mode;
	unsigned short seq;
};

/* Shared memory (shm). */
#define SHM_RDONLY 010000  /* shmat: read-only */
#define SHM_RND    020000  /* shmat: round the address down to SHMLBA */
#define SHM_REMAP  040000  /* shmat: replace what is mapped there */
#define SHM_EXEC   0100000 /* shmat: executable */
#define SHM_HUGETLB   04000 /* shmget flags */
#define SHM_NORESERVE 010000
#define SHM_DEST   01000 /* mode: IPC_RMID'd, destroyed at the last detach */
#define SHM_LOCKED 02000 /* mode: SHM_LOCK'd */
#define SHM_LOCK     11
#define SHM_UNLOCK   12
#define SHM_STAT     13
#define SHM_INFO     14
#define SHM_STAT_ANY 15
#define SHMLBA 4096

/* struct shmid64_ds: 84 bytes (the times in two halves, low then high). */
struct abi_shmid64_ds {
	struct abi_ipc64_perm shm_perm;
	unsigned long shm_segsz;
	unsigned long shm_atime, shm_atime_high;
	unsigned long shm_dtime, shm_dtime_high;
	unsigned long shm_ctime, shm_ctime_high;
	int shm_cpid, shm_lpid;
	unsigned long shm_nattch;
	unsigned long unused4, unused5;
};

/* struct shmid_ds of IPC_OLD: 48 bytes. */
struct abi_shmid_ds_old {
	struct abi_ipc_perm_old shm_perm;
	int shm_segsz;
	int shm_atime, shm_dtime, shm_ctime;
	unsigned short shm_cpid, shm_lpid;
	unsigned short shm_nattch, unused;
	unsigned long unused2, unused3;
};

/* IPC_INFO's struct shminfo64 (the old struct shminfo is its first five
 * fields as ints: the same bytes on i386). */
struct abi_shminfo64 {
	unsigned long shmmax, shmmin, shmmni, shmseg, shmall;
	unsigned long unused1, unused2, unused3, unused4;
};

/* SHM_INFO's struct shm_info. */
struct abi_shm_info {
	int used_ids;
	unsigned long shm_tot, shm_rss, shm_swp, swap_attempts, swap_successes;
};

#endif
