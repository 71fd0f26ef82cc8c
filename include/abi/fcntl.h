/*
 * File flags and constants of the Linux i386 system-call ABI: open flags,
 * AT_* for the *at calls, lseek's whence, access's mode.  The kernel (fs/)
 * and user/libc (<fcntl.h>, <unistd.h>) share these numbers.
 */
#ifndef TICK386_ABI_FCNTL_H
#define TICK386_ABI_FCNTL_H

#define O_RDONLY    00
#define O_WRONLY    01
#define O_RDWR      02
#define O_ACCMODE   03
#define O_CREAT     0100
#define O_EXCL      0200
#define O_NOCTTY    0400
#define O_TRUNC     01000
#define O_APPEND    02000
#define O_NONBLOCK  04000
#define O_LARGEFILE 0100000
#define O_DIRECTORY 0200000
#define O_NOFOLLOW  0400000
#define O_CLOEXEC   02000000

#define F_DUPFD   0
#define F_GETFD   1
#define F_SETFD   2
#define F_GETFL   3
#define F_SETFL   4
#define F_SETOWN  8
#define F_GETOWN  9
#define F_DUPFD_CLOEXEC 1030
#define F_SETPIPE_SZ    1031
#define F_GETPIPE_SZ    1032
#define FD_CLOEXEC 1

/* dirfd of the *at calls meaning "the current directory". */
#define AT_FDCWD -100

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#define SEEK_DATA 3
#define SEEK_HOLE 4

/* access() modes. */
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

/* Linux's limits on names: a path (with its NUL) and one component. */
#define PATH_MAX 4096
#define NAME_MAX 255

#endif
