/* inotify_init: call 291, ENOSYS on tick386 (<sys/inotify.h>). */
#include <sys/inotify.h>
#include "syscall.h"

#ifndef __NR_inotify_init
#define __NR_inotify_init 291
#endif

int inotify_init(void)
{
	return (int)sys_ret(sys_0(__NR_inotify_init));
}
