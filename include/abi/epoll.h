/*
 * epoll (Linux i386: epoll_create1 329, epoll_pwait 319, epoll_pwait2 441;
 * epoll_ctl at 251, see <abi/syscall.h>): struct epoll_event and its bits.
 * The event bits are poll's (<abi/poll.h>) plus the four flags of the top.
 */
#ifndef TICK386_ABI_EPOLL_H
#define TICK386_ABI_EPOLL_H

#include <abi/fcntl.h>

#define EPOLLIN        0x0001u
#define EPOLLPRI       0x0002u
#define EPOLLOUT       0x0004u
#define EPOLLERR       0x0008u
#define EPOLLHUP       0x0010u
#define EPOLLNVAL      0x0020u
#define EPOLLRDNORM    0x0040u
#define EPOLLRDBAND    0x0080u
#define EPOLLWRNORM    0x0100u
#define EPOLLWRBAND    0x0200u
#define EPOLLMSG       0x0400u
#define EPOLLRDHUP     0x2000u
#define EPOLLEXCLUSIVE (1u << 28)
#define EPOLLWAKEUP    (1u << 29)
#define EPOLLONESHOT   (1u << 30)
#define EPOLLET        (1u << 31)

#define EPOLL_CTL_ADD 1
#define EPOLL_CTL_DEL 2
#define EPOLL_CTL_MOD 3

#define EPOLL_CLOEXEC O_CLOEXEC

/* Packed on x86 (Linux's EPOLL_PACKED): 12 bytes, data at offset 4. */
typedef union epoll_data {
	void *ptr;
	int fd;
	unsigned int u32;
	unsigned long long u64;
} epoll_data_t;

struct epoll_event {
	unsigned int events;
	epoll_data_t data;
} __attribute__((packed));

#endif
