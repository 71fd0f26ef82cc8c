/* <sys/epoll.h>: epoll_create, epoll_create1, epoll_ctl, epoll_wait,
 * epoll_pwait, epoll_pwait2 (kernel fs/eventpoll.c). */
#ifndef _SYS_EPOLL_H
#define _SYS_EPOLL_H

#include <abi/epoll.h>
#include <signal.h>
#include <time.h>

int epoll_create(int size);
int epoll_create1(int flags);
int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event);
int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout);
int epoll_pwait(int epfd, struct epoll_event *events, int maxevents, int timeout,
		const sigset_t *sigmask);
int epoll_pwait2(int epfd, struct epoll_event *events, int maxevents,
		 const struct timespec *timeout, const sigset_t *sigmask);

#endif
