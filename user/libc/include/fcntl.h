/* <fcntl.h>: open flags (Linux's values, from <abi/fcntl.h>), open, openat, fcntl. */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>
#include <abi/fcntl.h>

int open(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);
/* The third argument, when cmd takes one, is an int (F_DUPFD, F_SETFD,
 * F_SETFL, F_SETOWN, F_SETPIPE_SZ). */
int fcntl(int fd, int cmd, ...);

#endif
