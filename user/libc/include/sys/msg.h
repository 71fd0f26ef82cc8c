/*
 * <sys/msg.h>: System V message queues, glibc i386's structures (the
 * kernel's: ipc/msg.c).
 */
#ifndef _SYS_MSG_H
#define _SYS_MSG_H

#include <stddef.h>
#include <sys/ipc.h>

#define MSG_NOERROR 010000 /* truncate a message that is too long */
#define MSG_EXCEPT  020000 /* receive any type but msgtyp */
#define MSG_COPY    040000 /* copy, do not remove, message msgtyp */

#define MSG_STAT     11
#define MSG_INFO     12
#define MSG_STAT_ANY 13

typedef unsigned long msgqnum_t;
typedef unsigned long msglen_t;

struct msqid_ds {
	struct ipc_perm msg_perm;
	time_t msg_stime;
	unsigned long __msg_stime_high;
	time_t msg_rtime;
	unsigned long __msg_rtime_high;
	time_t msg_ctime;
	unsigned long __msg_ctime_high;
	unsigned long __msg_cbytes;
	msgqnum_t msg_qnum;
	msglen_t msg_qbytes;
	pid_t msg_lspid;
	pid_t msg_lrpid;
	unsigned long __glibc_reserved4;
	unsigned long __glibc_reserved5;
};
#define msg_cbytes __msg_cbytes

struct msginfo {
	int msgpool;
	int msgmap;
	int msgmax;
	int msgmnb;
	int msgmni;
	int msgssz;
	int msgtql;
	unsigned short msgseg;
};

#ifdef _GNU_SOURCE
struct msgbuf {
	long mtype;
	char mtext[1];
};
#endif

int msgget(key_t key, int msgflg);
int msgsnd(int msqid, const void *msgp, size_t msgsz, int msgflg);
ssize_t msgrcv(int msqid, void *msgp, size_t msgsz, long msgtyp, int msgflg);
int msgctl(int msqid, int cmd, struct msqid_ds *buf);

#endif
