/* seteuid: setresuid(-1, id, -1), as glibc; (uid_t)-1 is EINVAL (POSIX: not a valid id). */
#define _GNU_SOURCE
#include <errno.h>
#include <unistd.h>
#include "syscall.h"

int seteuid(uid_t id)
{
	if (id == (uid_t)-1) {
		errno = EINVAL;
		return -1;
	}
	return setresuid((uid_t)-1, id, (uid_t)-1);
}
