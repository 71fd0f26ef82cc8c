/* getrusage (the kernel's: its children's time too) and uname. */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include "nr.h"
#include "syscall.h"

int getrusage(int who, struct rusage *usage)
{
	return (int)sys_ret(sys_2(__NR_getrusage, who, (long)usage));
}

int uname(struct utsname *buf)
{
	memset(buf, 0, sizeof(*buf));
	strcpy(buf->sysname, "tick386");
	strcpy(buf->nodename, "tick386");
	strcpy(buf->release, "1.0");
	strcpy(buf->version, "tick386 POSIX clocks and timers");
	strcpy(buf->machine, "i686");
	return 0;
}
