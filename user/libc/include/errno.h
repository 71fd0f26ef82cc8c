/*
 * <errno.h>: the Linux i386 error numbers (shared with the kernel) and errno.
 * tick386 programs are single-threaded, so errno is one plain int.
 */
#ifndef _ERRNO_H
#define _ERRNO_H

#include <abi/errno.h>

extern int errno;

/* glibc's names for argv[0] and its last path component. */
extern char *program_invocation_name;
extern char *program_invocation_short_name;

#endif
