/*
 * <sys/param.h>: BSD's and glibc's system parameters and helper macros.
 */
#ifndef _SYS_PARAM_H
#define _SYS_PARAM_H

#include <limits.h>

#define MAXPATHLEN PATH_MAX
#define MAXHOSTNAMELEN 64
#define MAXSYMLINKS 20
#define NOFILE 256
#define NBBY 8
#define HZ 100 /* the user-visible tick, as glibc's (sysconf(_SC_CLK_TCK)) */
#define NGROUPS NGROUPS_MAX
#define EXEC_PAGESIZE 4096
#define DEV_BSIZE 512

#define MIN(a, b) (((a) < (b)) ? (a) : (b))
#define MAX(a, b) (((a) > (b)) ? (a) : (b))
#define howmany(x, y) (((x) + ((y) - 1)) / (y))
#define roundup(x, y) ((((x) + ((y) - 1)) / (y)) * (y))
#define powerof2(x) ((((x) - 1) & (x)) == 0)

#define setbit(a, i) ((a)[(i) / NBBY] |= 1 << ((i) % NBBY))
#define clrbit(a, i) ((a)[(i) / NBBY] &= ~(1 << ((i) % NBBY)))
#define isset(a, i) ((a)[(i) / NBBY] & (1 << ((i) % NBBY)))
#define isclr(a, i) (((a)[(i) / NBBY] & (1 << ((i) % NBBY))) == 0)

#endif
