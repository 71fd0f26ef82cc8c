/*
 * <errno.h>: the Linux i386 error numbers (shared with the kernel) and errno,
 * one per thread: it lives in the thread's control block, as glibc's does
 * (__errno_location answers the calling thread's).
 */
#ifndef _ERRNO_H
#define _ERRNO_H

#include <abi/errno.h>

extern int *__errno_location(void) __attribute__((__const__));
#define errno (*__errno_location())

/* glibc's names for argv[0] and its last path component. */
extern char *program_invocation_name;
extern char *program_invocation_short_name;

#endif
