/* inotify_init1: call 332, ENOSYS on tick386 (<sys/inotify.h>). */
#include <sys/inotify.h>
#include "syscall.h"

#ifndef __NR_inotify_init1
#define __NR_inotify_init1 332
#endif

int inotify_init1(int flags)
{
	return (int)sys_ret(sys_1(__NR_inotify_init1, flags));
}
