/* inotify_add_watch: call 292, ENOSYS on tick386 (<sys/inotify.h>). */
#include <sys/inotify.h>
#include "syscall.h"

#ifndef __NR_inotify_add_watch
#define __NR_inotify_add_watch 292
#endif

int inotify_add_watch(int fd, const char *pathname, uint32_t mask)
{
	return (int)sys_ret(sys_3(__NR_inotify_add_watch, fd, (long)pathname, (long)mask));
}
