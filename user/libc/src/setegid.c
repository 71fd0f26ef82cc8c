/* setegid: setresgid(-1, id, -1), as glibc; (gid_t)-1 is EINVAL (POSIX: not a valid id). */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "syscall.h"

int setegid(gid_t id)
{
	if (id == (gid_t)-1) {
		errno = EINVAL;
		return -1;
	}
	return setresgid((gid_t)-1, id, (gid_t)-1);
}
