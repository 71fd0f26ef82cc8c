/* <fcntl.h>: open flags (Linux's values, from <abi/fcntl.h>), open, openat, fcntl. */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>
#include <abi/fcntl.h>
#include <abi/stat.h> /* S_IFMT, S_IRUSR...: glibc's <fcntl.h> has them too */

/* The *at calls' flags (Linux's values). */
#define AT_SYMLINK_NOFOLLOW 0x100
#define AT_REMOVEDIR	    0x200
#define AT_EACCESS	    0x200
#define AT_SYMLINK_FOLLOW   0x400
#define AT_NO_AUTOMOUNT	    0x800
#define AT_EMPTY_PATH	    0x1000

int open(const char *path, int flags, ...);
int openat(int dirfd, const char *path, int flags, ...);
/* The third argument, when cmd takes one, is an int (F_DUPFD, F_SETFD,
 * F_SETFL, F_SETOWN, F_SETPIPE_SZ). */
int fcntl(int fd, int cmd, ...);
int creat(const char *path, mode_t mode);
#ifdef _GNU_SOURCE
/* No such call in tick386's kernel: ENOSYS (src/fallocate.c). */
int fallocate(int fd, int mode, off_t offset, off_t len);
#endif

#endif
