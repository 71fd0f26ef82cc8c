/* The socket calls' gate on i386: socketcall (102) with a call number and
 * a pointer to its arguments; -1 and errno (ENOSYS without sockets). */
#include <sys/socket.h>
#include "syscall.h"

long __socketcall(int call, long *args)
{
	return sys_ret(sys_2(102, call, (long)args));
}
