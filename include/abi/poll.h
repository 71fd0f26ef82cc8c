/*
 * poll/ppoll (Linux i386: 168, 309) and select/pselect6 (142, 308): struct
 * pollfd, the event bits, and the size of an fd_set (FD_SETSIZE bits).
 */
#ifndef TICK386_ABI_POLL_H
#define TICK386_ABI_POLL_H

#define POLLIN 0x0001
#define POLLPRI 0x0002
#define POLLOUT 0x0004
#define POLLERR 0x0008
#define POLLHUP 0x0010
#define POLLNVAL 0x0020
#define POLLRDNORM 0x0040
#define POLLRDBAND 0x0080
#define POLLWRNORM 0x0100
#define POLLWRBAND 0x0200
#define POLLMSG 0x0400
#define POLLRDHUP 0x2000

#ifndef HOST_BUILD
struct pollfd {
	int fd;	      /* negative: ignored, revents 0 */
	short events; /* what to wait for */
	short revents; /* what is there (POLLERR, POLLHUP, POLLNVAL always) */
};
#endif

#define ABI_FD_SETSIZE 1024

#endif
