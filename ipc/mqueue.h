/*
 * POSIX message queues (Linux's ipc/mqueue.c), shared by ipc/mqueue.c (the
 * queue: messages, waiters, notification, the descriptor's file) and
 * ipc/mqueue_name.c (the names, mq_open and mq_unlink).
 *
 * Lifetime.  A queue counts its references (refs): one for its name while
 * the name is in the table, one for each open file of it (a struct file,
 * whatever dup and fork do to its descriptors).  mq_unlink drops the
 * name's; the last file_put drops the file's; the last reference frees the
 * queue and its messages.  A sleeping mq_timedsend/mq_timedreceive holds
 * the file through fd_get, so the queue and its waiter lists outlive every
 * sleeper, whatever close, exit or mq_unlink do meanwhile.
 *
 * Locking.  Every field changes in system calls only, with interrupts off
 * from the test to the sleep (sched_sleep) on one CPU; no interrupt
 * handler touches a queue.  With several CPUs one spinlock per queue
 * (Linux's info->lock) would guard attr, msgs, the waiter lists, the
 * waiters' msg/ready and the notification; the name table and mq_bytes
 * would take one global lock (Linux's mq_lock), taken before a queue's.
 */
#ifndef TICK386_IPC_MQUEUE_H
#define TICK386_IPC_MQUEUE_H

#include "lib/list.h"
#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/mqueue.h>
#include <abi/time.h>
#include <abi/signal.h>

#define MQ_NAME_MAX 255 /* NAME_MAX: one component of the mqueue file system */

struct mqueue {
	struct list_head table; /* [name table] in mq_names while named */
	char *name;		/* owned; kept after unlink for nothing but freeing */
	bool named;		/* [name table] still in the table */
	u32 refs;		/* the name's + open files' (above) */
	struct mq_attr attr;	/* mq_maxmsg, mq_msgsize fixed; mq_curmsgs counts msgs */
	u32 bytes;		/* charged to mq_bytes at creation, given back at free */
	u32 qsize;		/* bytes of the queued messages (read(2)'s QSIZE) */
	struct list_head msgs;	/* struct mq_msg, highest priority first, FIFO within one */
	struct list_head receivers; /* struct mq_waiter of mq_timedreceive, oldest first */
	struct list_head senders;   /* struct mq_waiter of mq_timedsend (full queue), oldest first */
	/* mq_notify's registration: notify_pid 0 when none. */
	int notify_pid;		/* the registered process (tgid) */
	struct sigevent notify;
};

/* A new queue with attr's limits (checked by the caller), refs 1. */
struct mqueue *mqueue_alloc(const char *name, long maxmsg, long msgsize, u32 bytes);
/* Drop one reference; the last frees the queue, its messages, its charge. */
void mqueue_put(struct mqueue *q);
/* A new file of q (taking one reference of q), access mode and O_NONBLOCK
 * from oflag; NULL when out of memory (q's reference untouched). */
struct file *mqueue_file(struct mqueue *q, int oflag);
/* The bytes a queue of these limits is charged (Linux's mq_bytes). */
u32 mqueue_cost(long maxmsg, long msgsize);
/* [name table] The charge of every live queue (named or not) against
 * ABI_MQ_BYTES_MAX, and their number against ABI_MQ_QUEUES_MAX. */
extern u32 mqueue_bytes, mqueue_count;

long sys_mq_open(const char __user *name, int oflag, u32 mode, const struct mq_attr __user *attr);
long sys_mq_unlink(const char __user *name);
long sys_mq_timedsend(int mqd, const char __user *msg, size_t len, u32 prio,
		      const struct timespec __user *abs_timeout);
long sys_mq_timedreceive(int mqd, char __user *msg, size_t len, u32 __user *prio,
			 const struct timespec __user *abs_timeout);
/* 418, 419: the same with Linux's 64-bit struct __kernel_timespec */
struct abi_timespec64;
long sys_mq_timedsend_time64(int mqd, const char __user *msg, size_t len, u32 prio,
			     const struct abi_timespec64 __user *abs_timeout);
long sys_mq_timedreceive_time64(int mqd, char __user *msg, size_t len, u32 __user *prio,
				const struct abi_timespec64 __user *abs_timeout);
long sys_mq_notify(int mqd, const struct sigevent __user *sev);
long sys_mq_getsetattr(int mqd, const struct mq_attr __user *new, struct mq_attr __user *old);

#endif
