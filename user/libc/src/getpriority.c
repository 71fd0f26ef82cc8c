/*
 * getpriority: the raw system call cannot return a negative nice value
 * (it would read as an error), so the kernel answers 20 - nice, 1..40,
 * as Linux; the libc turns that back into the nice value, -20..19, as
 * glibc does.  -1 is then both a value and the error: callers clear errno
 * first (one function per object: a program may define its own).
 */
#include <sys/resource.h>
#include "syscall.h"

int getpriority(int which, id_t who)
{
	long r = sys_2(__NR_getpriority, which, (long)who);

	if (sys_is_error(r))
		return (int)sys_ret(r);
	return 20 - (int)r;
}
