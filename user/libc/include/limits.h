/*
 * <limits.h> of tick386's libc: the C limits of i386 (char is signed, int
 * and long are 32 bits) and the POSIX limits that this system has.  Limits
 * that the kernel sets at run time (SIGQUEUE_MAX, TIMER_MAX) are left to
 * sysconf(), as POSIX allows; their guaranteed minima are the _POSIX_ ones.
 */
#ifndef _LIMITS_H
#define _LIMITS_H

/* The C limits, shared with the kernel: include/freestanding/limits.h. */
#include <freestanding/limits.h>

#define SSIZE_MAX LONG_MAX
#define LONG_BIT __LONG_WIDTH__
#define WORD_BIT 32

/* Minimum values POSIX guarantees on every system. */
#define _POSIX_ARG_MAX 4096
#define _POSIX_CHILD_MAX 25
#define _POSIX_CLOCKRES_MIN 20000000
#define _POSIX_DELAYTIMER_MAX 32
#define _POSIX_HOST_NAME_MAX 255
#define _POSIX_LINK_MAX 8
#define _POSIX_LOGIN_NAME_MAX 9
#define _POSIX_MAX_CANON 255
#define _POSIX_MAX_INPUT 255
#define _POSIX_NAME_MAX 14
#define _POSIX_NGROUPS_MAX 8
#define _POSIX_OPEN_MAX 20
#define _POSIX_PATH_MAX 256
#define _POSIX_PIPE_BUF 512
#define _POSIX_RTSIG_MAX 8
#define _POSIX_SIGQUEUE_MAX 32
#define _POSIX_SSIZE_MAX 32767
#define _POSIX_STREAM_MAX 8
#define _POSIX_SYMLOOP_MAX 8
#define _POSIX_TIMER_MAX 32
#define _POSIX_TTY_NAME_MAX 9
#define _POSIX_TZNAME_MAX 6
#define _XOPEN_IOV_MAX 16

/* What tick386 has. */
#define ATEXIT_MAX 64
#define DELAYTIMER_MAX 2147483647
#define RTSIG_MAX 32 /* glibc's: 32..64, of which 32 and 33 are the thread library's */
#define _POSIX_THREAD_KEYS_MAX 128
#define _POSIX_THREAD_DESTRUCTOR_ITERATIONS 4
#define PTHREAD_KEYS_MAX 1024
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
#define PTHREAD_STACK_MIN 16384
#define PAGESIZE 4096
#define PAGE_SIZE PAGESIZE
#define NAME_MAX 255
#define PATH_MAX 4096
#define PIPE_BUF 4096
#define LINE_MAX 2048
#define NGROUPS_MAX 65536
#define IOV_MAX 1024
#define HOST_NAME_MAX 64
#define LOGIN_NAME_MAX 256
#define TTY_NAME_MAX 32
#define NL_ARGMAX 4096
#define NL_TEXTMAX INT_MAX

#endif
