/* <sys/timerfd.h>: timers read through a file descriptor. */
#ifndef _SYS_TIMERFD_H
#define _SYS_TIMERFD_H

#include <abi/timerfd.h>
#include <time.h>

int timerfd_create(int clockid, int flags);
int timerfd_settime(int fd, int flags, const struct itimerspec *new_value,
		    struct itimerspec *old_value);
int timerfd_gettime(int fd, struct itimerspec *curr_value);

#endif
