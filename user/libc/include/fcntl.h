/* <fcntl.h>: open flags (Linux's values, from <abi/fcntl.h>), open, openat, fcntl. */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>
#include <abi/fcntl.h>
#include <abi/stat.h> /* POSIX: the S_I* mode bits, for open and creat */

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

/* posix_fallocate: the range backed, the size at least offset + len; an
 * error number back, errno untouched (src/fallocate.c). */
int posix_fallocate(int fd, off_t offset, off_t len);
int posix_fallocate64(int fd, off64_t offset, off64_t len);

#ifdef _GNU_SOURCE
/* fallocate(2) and its modes, as glibc declares them with _GNU_SOURCE (the
 * same text as the kernel's <linux/falloc.h>, which a program may include
 * too).  tmpfs does 0, KEEP_SIZE and PUNCH_HOLE|KEEP_SIZE. */
#define FALLOC_FL_KEEP_SIZE	0x01 /* default is extend size */
#define FALLOC_FL_PUNCH_HOLE	0x02 /* de-allocates range */
#define FALLOC_FL_NO_HIDE_STALE	0x04 /* reserved codepoint */
#define FALLOC_FL_COLLAPSE_RANGE	0x08
#define FALLOC_FL_ZERO_RANGE		0x10
#define FALLOC_FL_INSERT_RANGE		0x20
#define FALLOC_FL_UNSHARE_RANGE		0x40
int fallocate(int fd, int mode, off_t offset, off_t len);
int fallocate64(int fd, int mode, off64_t offset, off64_t len);
#endif

#endif
