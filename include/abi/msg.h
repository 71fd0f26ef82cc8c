/*
 * System V message queues as Linux i386 has them (asm-generic's msgbuf.h,
 * which x86-32 uses, and linux/msg.h): msgrcv's flags, msgctl's own
 * commands, the layouts msgctl copies in and out, Linux's default limits.
 * user/libc has its own <sys/msg.h> with glibc's names for the same bytes.
 */
#ifndef TICK386_ABI_MSG_H
#define TICK386_ABI_MSG_H

#include <abi/ipc.h>

#define MSG_NOERROR 010000 /* msgrcv: truncate a message too long for the buffer */
#define MSG_EXCEPT  020000 /* msgrcv: any type but msgtyp */
#define MSG_COPY    040000 /* msgrcv: copy message number msgtyp, leave it queued */

#define MSG_STAT     11
#define MSG_INFO     12
#define MSG_STAT_ANY 13

/* Linux's defaults (ipc/msgutil.c, linux/msg.h): the kernel.msg* sysctls. */
#define MSGMAX 8192  /* the largest message */
#define MSGMNB 16384 /* a new queue's msg_qbytes */
#define MSGMNI 32000 /* queues */
#define MSGSSZ 16    /* what IPC_INFO reports of the old segment allocator */
#define MSGPOOL (MSGMNI * MSGMNB / 1024)
#define MSGSEG 0xffff

/* struct msqid64_ds: 88 bytes (the times in two halves, low then high). */
struct abi_msqid64_ds {
	struct abi_ipc64_perm msg_perm;
	unsigned long msg_stime, msg_stime_high;
	unsigned long msg_rtime, msg_rtime_high;
	unsigned long msg_ctime, msg_ctime_high;
	unsigned long msg_cbytes, msg_qnum, msg_qbytes;
	int msg_lspid, msg_lrpid;
	unsigned long unused4, unused5;
};

/* struct msqid_ds of IPC_OLD: 56 bytes, 16-bit counts and pids. */
struct abi_msqid_ds_old {
	struct abi_ipc_perm_old msg_perm;
	unsigned long msg_first, msg_last; /* kernel pointers once: 0 */
	int msg_stime, msg_rtime, msg_ctime;
	unsigned long msg_lcbytes, msg_lqbytes; /* the counts whole */
	unsigned short msg_cbytes, msg_qnum, msg_qbytes;
	unsigned short msg_lspid, msg_lrpid;
};

/* IPC_INFO's and MSG_INFO's struct msginfo. */
struct abi_msginfo {
	int msgpool, msgmap, msgmax, msgmnb, msgmni, msgssz, msgtql;
	unsigned short msgseg;
};

#endif
