/*
 * POSIX message queues: mq_open (277) ... mq_getsetattr (282), as glibc
 * makes them of Linux's calls.  A name must start with '/' (else EINVAL,
 * before the kernel is asked); the kernel is given the rest.  The sends
 * and receives may wait: they are cancellation points.  mq_notify's
 * SIGEV_THREAD: user/libc/src/mqueue_notify.c.
 */
#include <errno.h>
#include <mqueue.h>
#include <stdarg.h>
#include <unistd.h>
#include "syscall.h"
#include "thread.h"

mqd_t mq_open(const char *name, int oflag, ...)
{
	mode_t mode = 0;
	struct mq_attr *attr = 0;

	if (name[0] != '/') {
		errno = EINVAL;
		return -1;
	}
	if (oflag & O_CREAT) {
		va_list ap;

		va_start(ap, oflag);
		mode = va_arg(ap, mode_t);
		attr = va_arg(ap, struct mq_attr *);
		va_end(ap);
	}
	return (mqd_t)sys_ret(sys_4(__NR_mq_open, (long)(name + 1), oflag, (long)mode, (long)attr));
}

int mq_close(mqd_t mqdes)
{
	return close(mqdes);
}

int mq_unlink(const char *name)
{
	long rc;

	if (name[0] != '/') {
		errno = EINVAL;
		return -1;
	}
	rc = sys_1(__NR_mq_unlink, (long)(name + 1));
	if (rc == -EPERM) /* as glibc: mq_unlink says EACCES where unlink says EPERM */
		rc = -EACCES;
	return (int)sys_ret(rc);
}

int mq_timedsend(mqd_t mqdes, const char *msg, size_t len, unsigned prio,
		 const struct timespec *abs_timeout)
{
	return (int)sys_ret(__syscall_cp(__NR_mq_timedsend, mqdes, (long)msg, (long)len,
					 (long)prio, (long)abs_timeout, 0));
}

int mq_send(mqd_t mqdes, const char *msg, size_t len, unsigned prio)
{
	return mq_timedsend(mqdes, msg, len, prio, 0);
}

ssize_t mq_timedreceive(mqd_t mqdes, char *msg, size_t len, unsigned *prio,
			const struct timespec *abs_timeout)
{
	return (ssize_t)sys_ret(__syscall_cp(__NR_mq_timedreceive, mqdes, (long)msg, (long)len,
					     (long)prio, (long)abs_timeout, 0));
}

ssize_t mq_receive(mqd_t mqdes, char *msg, size_t len, unsigned *prio)
{
	return mq_timedreceive(mqdes, msg, len, prio, 0);
}

int mq_setattr(mqd_t mqdes, const struct mq_attr *newattr, struct mq_attr *oldattr)
{
	return (int)sys_ret(sys_3(__NR_mq_getsetattr, mqdes, (long)newattr, (long)oldattr));
}

int mq_getattr(mqd_t mqdes, struct mq_attr *attr)
{
	return mq_setattr(mqdes, 0, attr);
}
