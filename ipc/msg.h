/*
 * System V message queues (Linux's ipc/msg.c): msgget, msgsnd, msgrcv,
 * msgctl, reached through the ipc(2) multiplexer (ipc/sysv_syscall.c) and
 * the direct calls 399-402.  The ids, keys and permissions are the
 * generic layer's (ipc/sysv_ids.h); ipc/msg.c's top comment has the
 * queue's structure, lifetime and locking.
 */
#ifndef TICK386_IPC_MSG_H
#define TICK386_IPC_MSG_H

#include "lib/types.h"
#include "mm/uaccess.h"

long sys_msgget(int key, int msgflg);
long sys_msgsnd(int msqid, const void __user *msgp, size_t msgsz, int msgflg);
long sys_msgrcv(int msqid, void __user *msgp, size_t msgsz, long msgtyp, int msgflg);
/* 402: the IPC_64 layouts whatever cmd says (Linux's sys_msgctl). */
long sys_msgctl(int msqid, int cmd, void __user *buf);
/* ipc(2)'s MSGCTL: version from ipc_parse_version (IPC_64 or IPC_OLD). */
long msg_ctl(int msqid, int cmd, void __user *buf, int version);

/* The sysctls kernel.msgmax (the largest message), msgmnb (a new queue's
 * msg_qbytes, and IPC_SET's bound without CAP_SYS_RESOURCE), msgmni (the
 * queues): Linux's defaults 8192, 16384, 32000; /proc/sys/kernel's files
 * read and (root) write them. */
extern int msg_ctlmax, msg_ctlmnb, msg_ctlmni;

struct proc_text;
/* /proc/sysvipc/msg's text. */
void msg_proc_show(struct proc_text *out);

#endif
