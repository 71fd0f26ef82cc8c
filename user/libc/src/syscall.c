/* The POSIX side of the system-call gate, and syscall(2). */
#include <errno.h>
#include <stdarg.h>
#include <unistd.h>
#include "syscall.h"

long sys_ret(long ret)
{
	if (sys_is_error(ret)) {
		errno = (int)-ret;
		return -1;
	}
	return ret;
}

/* syscall(number, ...): up to six arguments (futex's val3 is the sixth,
 * in ebp), result as POSIX returns it.  A caller passing fewer leaves the
 * rest unspecified, as with glibc. */
long syscall(long number, ...)
{
	va_list ap;
	long a, b, c, d, e, f;

	va_start(ap, number);
	a = va_arg(ap, long);
	b = va_arg(ap, long);
	c = va_arg(ap, long);
	d = va_arg(ap, long);
	e = va_arg(ap, long);
	f = va_arg(ap, long);
	va_end(ap);
	return sys_ret(sys_6(number, a, b, c, d, e, f));
}
