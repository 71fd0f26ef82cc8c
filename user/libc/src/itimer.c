/* The interval timers: setitimer, getitimer (the kernel's 104 and 105). */
#include <sys/time.h>
#include "syscall.h"

int setitimer(int which, const struct itimerval *value, struct itimerval *ovalue)
{
	return (int)sys_ret(sys_3(__NR_setitimer, which, (long)value, (long)ovalue));
}

int getitimer(int which, struct itimerval *value)
{
	return (int)sys_ret(sys_2(__NR_getitimer, which, (long)value));
}
