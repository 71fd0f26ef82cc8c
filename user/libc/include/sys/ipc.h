/*
 * <sys/ipc.h>: System V IPC's common part, glibc i386's layout (struct
 * ipc_perm is the kernel's ipc64_perm with a 32-bit mode).
 *
 * tick386 serves all three kinds: shared memory, message queues and
 * semaphore sets (ipc/shm.c, ipc/msg.c, ipc/sem.c).  ftok only needs stat.
 */
#ifndef _SYS_IPC_H
#define _SYS_IPC_H

#include <sys/types.h>

#define IPC_CREAT  01000 /* create the key if it does not exist */
#define IPC_EXCL   02000 /* fail if it does */
#define IPC_NOWAIT 04000 /* do not wait */

#define IPC_RMID 0 /* remove the identifier */
#define IPC_SET  1 /* set ipc_perm's options */
#define IPC_STAT 2 /* get them */
#define IPC_INFO 3 /* ipcs */

#define IPC_PRIVATE ((key_t)0)

struct ipc_perm {
	key_t __key;
	uid_t uid;
	gid_t gid;
	uid_t cuid;
	gid_t cgid;
	mode_t mode;
	unsigned short __seq;
	unsigned short __pad2;
	unsigned long __glibc_reserved1;
	unsigned long __glibc_reserved2;
};

/* A key from a file's inode and device and the low 8 bits of id. */
key_t ftok(const char *path, int id);

#endif
