/* flock: the system call (143).  tick386 has none yet: ENOSYS, as Linux
 * without CONFIG_FILE_LOCKING. */
#include <sys/file.h>
#include "syscall.h"

int flock(int fd, int operation)
{
	return (int)sys_ret(sys_2(__NR_flock, fd, operation));
}
