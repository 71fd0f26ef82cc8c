/*
 * <mqueue.h>: POSIX message queues (user/libc/src/mqueue.c).  mqd_t is a
 * file descriptor and struct mq_attr is the kernel's (<abi/mqueue.h>), as
 * on Linux.  A name is "/name": the libc gives the kernel "name".
 */
#ifndef _MQUEUE_H
#define _MQUEUE_H

#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <time.h>
#include <abi/mqueue.h>

typedef int mqd_t;

/* mq_open(name, oflag) or, with O_CREAT, mq_open(name, oflag, mode_t, struct mq_attr *) */
mqd_t mq_open(const char *name, int oflag, ...);
int mq_close(mqd_t mqdes);
int mq_unlink(const char *name);
int mq_send(mqd_t mqdes, const char *msg, size_t len, unsigned prio);
int mq_timedsend(mqd_t mqdes, const char *msg, size_t len, unsigned prio,
		 const struct timespec *abs_timeout);
ssize_t mq_receive(mqd_t mqdes, char *msg, size_t len, unsigned *prio);
ssize_t mq_timedreceive(mqd_t mqdes, char *msg, size_t len, unsigned *prio,
			const struct timespec *abs_timeout);
int mq_notify(mqd_t mqdes, const struct sigevent *sev);
int mq_getattr(mqd_t mqdes, struct mq_attr *attr);
int mq_setattr(mqd_t mqdes, const struct mq_attr *newattr, struct mq_attr *oldattr);

#endif
