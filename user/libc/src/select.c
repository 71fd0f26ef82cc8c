/*
 * select, pselect, poll, ppoll: the kernel's _newselect (142), pselect6
 * (308), poll (168) and ppoll (309), as glibc calls them.  All four are
 * cancellation points.
 */
#include <poll.h>
#include <sys/select.h>
#include "thread.h"

int select(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
	   struct timeval *timeout)
{
	return (int)sys_ret(__syscall_cp(__NR__newselect, nfds, (long)readfds, (long)writefds,
					 (long)exceptfds, (long)timeout, 0));
}

/* pselect6 updates the timespec it is given; POSIX's pselect does not, so
 * the kernel gets a copy.  Its sixth argument is {mask, size of the mask}. */
int pselect(int nfds, fd_set *readfds, fd_set *writefds, fd_set *exceptfds,
	    const struct timespec *timeout, const sigset_t *sigmask)
{
	struct timespec ts;
	unsigned long mask_arg[2] = {(unsigned long)sigmask, sizeof(sigset_t)};

	if (timeout)
		ts = *timeout;
	return (int)sys_ret(__syscall_cp(__NR_pselect6, nfds, (long)readfds, (long)writefds,
					 (long)exceptfds, timeout ? (long)&ts : 0, (long)mask_arg));
}

int poll(struct pollfd *fds, nfds_t nfds, int timeout_ms)
{
	return (int)sys_ret(__syscall_cp(__NR_poll, (long)fds, (long)nfds, timeout_ms, 0, 0, 0));
}

int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout,
	  const sigset_t *sigmask)
{
	struct timespec ts;

	if (timeout)
		ts = *timeout;
	return (int)sys_ret(__syscall_cp(__NR_ppoll, (long)fds, (long)nfds, timeout ? (long)&ts : 0,
					 (long)sigmask, sizeof(sigset_t), 0));
}
