/* <fcntl.h>: open flags (Linux's values, from <abi/fcntl.h>), open, openat. */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>
#include <abi/fcntl.h>

int open(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);

#endif
