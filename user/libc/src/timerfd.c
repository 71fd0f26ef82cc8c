/* timerfd_create, timerfd_settime, timerfd_gettime (322, 325, 326). */
#include <sys/timerfd.h>
#include "syscall.h"

int timerfd_create(int clockid, int flags)
{
	return (int)sys_ret(sys_2(__NR_timerfd_create, clockid, flags));
}

int timerfd_settime(int fd, int flags, const struct itimerspec *new_value,
		    struct itimerspec *old_value)
{
	return (int)sys_ret(sys_4(__NR_timerfd_settime, fd, flags, (long)new_value,
				  (long)old_value));
}

int timerfd_gettime(int fd, struct itimerspec *curr_value)
{
	return (int)sys_ret(sys_2(__NR_timerfd_gettime, fd, (long)curr_value));
}
