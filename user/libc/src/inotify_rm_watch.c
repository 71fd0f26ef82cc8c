/* inotify_rm_watch: call 293, ENOSYS on tick386 (<sys/inotify.h>). */
#include <sys/inotify.h>
#include "syscall.h"

#ifndef __NR_inotify_rm_watch
#define __NR_inotify_rm_watch 293
#endif

int inotify_rm_watch(int fd, int wd)
{
	return (int)sys_ret(sys_2(__NR_inotify_rm_watch, fd, wd));
}
