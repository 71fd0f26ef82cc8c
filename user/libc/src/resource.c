/* getrusage (the kernel's: its children's time too). */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include "nr.h"
#include "syscall.h"

int getrusage(int who, struct rusage *usage)
{
	return (int)sys_ret(sys_2(__NR_getrusage, who, (long)usage));
}
