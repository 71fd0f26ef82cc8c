/*
 * POSIX message queues, as Linux i386 has them: struct mq_attr (four longs
 * and four reserved, 32 bytes), the priority bound and the limits that
 * Linux's /proc/sys/fs/mqueue shows by default.  One place for the kernel
 * (ipc/) and user/libc's <mqueue.h>.
 */
#ifndef TICK386_ABI_MQUEUE_H
#define TICK386_ABI_MQUEUE_H

struct mq_attr {
	long mq_flags;	 /* O_NONBLOCK or 0: the descriptor's, not the queue's */
	long mq_maxmsg;	 /* messages the queue holds */
	long mq_msgsize; /* bytes of the largest message */
	long mq_curmsgs; /* messages in the queue now */
	long __reserved[4];
};

#define MQ_PRIO_MAX 32768 /* priorities are 0 .. MQ_PRIO_MAX - 1 */

/* Linux's defaults (ipc/mqueue.c, include/linux/ipc_namespace.h). */
#define ABI_MQ_DFLT_MSG      10	     /* msg_default: mq_maxmsg of a NULL attr */
#define ABI_MQ_DFLT_MSGSIZE  8192    /* msgsize_default */
#define ABI_MQ_MSG_MAX       10	     /* /proc/sys/fs/mqueue/msg_max */
#define ABI_MQ_MSGSIZE_MAX   8192    /* /proc/sys/fs/mqueue/msgsize_max */
#define ABI_MQ_QUEUES_MAX    256     /* /proc/sys/fs/mqueue/queues_max */
#define ABI_MQ_HARD_MSGMAX   65536   /* a CAP_SYS_RESOURCE caller's bounds */
#define ABI_MQ_HARD_MSGSIZEMAX (16 * 1024 * 1024)
#define ABI_MQ_BYTES_MAX     819200  /* RLIMIT_MSGQUEUE's default */

#endif
