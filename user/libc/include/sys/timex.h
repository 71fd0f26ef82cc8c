/* <sys/timex.h>: adjtimex, ntp_adjtime, clock_adjtime (_GNU_SOURCE); struct timex and its
 * ADJ_, STA_ and TIME_ values are the kernel's (<abi/timex.h>, Linux i386). */
#ifndef _SYS_TIMEX_H
#define _SYS_TIMEX_H

#include <sys/time.h>
#include <abi/timex.h>

int adjtimex(struct timex *tx);
int ntp_adjtime(struct timex *tx);
/* A GNU extension, which glibc declares only under _GNU_SOURCE (in <time.h>):
 * programs without it define a clock_adjtime of their own on syscall(). */
#ifdef _GNU_SOURCE
int clock_adjtime(clockid_t clock, struct timex *tx);
#endif

#endif
