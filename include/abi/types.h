/*
 * Scalar types of the tick386 system-call ABI, as Linux i386 sizes them:
 * every one is 32 bits except the 64-bit signal set (abi/signal.h).
 *
 * The kernel (freestanding) and user/libc (whose <sys/types.h> includes this
 * file) share these typedefs under their POSIX names.  Two choices differ from
 * glibc on purpose and follow the Linux kernel instead:
 *   - timer_t is an int (the kernel's timer id), not glibc's void *;
 *   - there is no 64-bit time_t: time_t is a long, as the 2002 ABI had it.
 *
 * Host builds (HOST_BUILD, the unit tests of lib/) also see glibc's headers,
 * which define the same names; there we take glibc's definitions instead of
 * redefining them (their shapes agree except timer_t, which lib/ never uses).
 */
#ifndef TICK386_ABI_TYPES_H
#define TICK386_ABI_TYPES_H

#include <stddef.h> /* size_t, from the compiler */

#ifdef HOST_BUILD
#include <sys/types.h>
#include <time.h>
#else

typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int id_t;
typedef int clockid_t;
typedef int timer_t;
typedef long time_t;
typedef long suseconds_t;
typedef unsigned int useconds_t;
typedef long clock_t;
typedef int ssize_t;
typedef long off_t;
typedef unsigned int mode_t;

#endif /* HOST_BUILD */

#endif
