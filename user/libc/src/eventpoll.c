/*
 * epoll, eventfd, signalfd and fcntl.  epoll_create and epoll_wait are made
 * of epoll_create1 and epoll_pwait, as Linux makes them inside: their own
 * numbers (254, 256) are POSIX timer calls on tick386 (<abi/syscall.h>).
 */
#include <fcntl.h>
#include <stdarg.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>
#include <errno.h>
#include "nr.h"
#include "syscall.h"

int epoll_create1(int flags)
{
	return (int)sys_ret(sys_1(__NR_epoll_create1, flags));
}

int epoll_create(int size)
{
	if (size <= 0) {
		errno = EINVAL;
		return -1;
	}
	return epoll_create1(0);
}

int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event)
{
	return (int)sys_ret(sys_4(NR_epoll_ctl, epfd, op, fd, (long)event));
}

int epoll_pwait(int epfd, struct epoll_event *events, int maxevents, int timeout,
		const sigset_t *sigmask)
{
	return (int)sys_ret(sys_6(__NR_epoll_pwait, epfd, (long)events, maxevents, timeout,
				  (long)sigmask, sizeof(sigset_t)));
}

int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout)
{
	return epoll_pwait(epfd, events, maxevents, timeout, NULL);
}

int epoll_pwait2(int epfd, struct epoll_event *events, int maxevents,
		 const struct timespec *timeout, const sigset_t *sigmask)
{
	/* the kernel reads a __kernel_timespec: 64-bit seconds and nanoseconds */
	long long kts[2];

	if (timeout) {
		kts[0] = timeout->tv_sec;
		kts[1] = timeout->tv_nsec;
	}
	return (int)sys_ret(sys_6(__NR_epoll_pwait2, epfd, (long)events, maxevents,
				  timeout ? (long)kts : 0, (long)sigmask, sizeof(sigset_t)));
}

int eventfd(unsigned int initval, int flags)
{
	return (int)sys_ret(sys_2(__NR_eventfd2, (long)initval, flags));
}

int eventfd_read(int fd, eventfd_t *value)
{
	return read(fd, value, sizeof(*value)) == sizeof(*value) ? 0 : -1;
}

int eventfd_write(int fd, eventfd_t value)
{
	return write(fd, &value, sizeof(value)) == sizeof(value) ? 0 : -1;
}

int signalfd(int fd, const sigset_t *mask, int flags)
{
	return (int)sys_ret(sys_4(__NR_signalfd4, fd, (long)mask, sizeof(sigset_t), flags));
}

int fcntl(int fd, int cmd, ...)
{
	va_list ap;
	long arg;

	va_start(ap, cmd);
	arg = va_arg(ap, long); /* every command here takes an int or none */
	va_end(ap);
	return (int)sys_ret(sys_3(__NR_fcntl64, fd, cmd, arg));
}
