/* <sys/select.h>: fd_set and its macros, select and pselect. */
#ifndef _SYS_SELECT_H
#define _SYS_SELECT_H

#include <sys/types.h>
#include <abi/poll.h>
#include <abi/time.h>
#include <signal.h>

#define FD_SETSIZE ABI_FD_SETSIZE
#define __NFDBITS (8 * (int)sizeof(long))

typedef long __fd_mask;
typedef struct {
	__fd_mask fds_bits[FD_SETSIZE / __NFDBITS];
} fd_set;

#define FD_ZERO(s)                                                                                 \
	do {                                                                                       \
		for (unsigned __i = 0; __i < FD_SETSIZE / __NFDBITS; __i++)                        \
			(s)->fds_bits[__i] = 0;                                                    \
	} while (0)
#define FD_SET(fd, s) ((void)((s)->fds_bits[(fd) / __NFDBITS] |= (1UL << ((fd) % __NFDBITS))))
#define FD_CLR(fd, s) ((void)((s)->fds_bits[(fd) / __NFDBITS] &= ~(1UL << ((fd) % __NFDBITS))))
#define FD_ISSET(fd, s) (((s)->fds_bits[(fd) / __NFDBITS] & (1UL << ((fd) % __NFDBITS))) != 0)

/* Linux updates *timeout with the time left (select only: pselect's is const). */
int select(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
	   struct timeval *timeout);
int pselect(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
	    const struct timespec *timeout, const sigset_t *sigmask);

#endif
