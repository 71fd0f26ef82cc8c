/* <poll.h>: struct pollfd, the POLL* bits, poll and ppoll. */
#ifndef _POLL_H
#define _POLL_H

#include <abi/poll.h>
#include <abi/time.h>
#include <signal.h>

typedef unsigned long nfds_t;

int poll(struct pollfd *fds, nfds_t nfds, int timeout_ms);
int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout,
	  const sigset_t *sigmask);

#endif
