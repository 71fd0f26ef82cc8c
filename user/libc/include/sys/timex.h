/* <sys/timex.h>: adjtimex, ntp_adjtime, clock_adjtime; struct timex and its
 * ADJ_, STA_ and TIME_ values are the kernel's (<abi/timex.h>, Linux i386). */
#ifndef _SYS_TIMEX_H
#define _SYS_TIMEX_H

#include <sys/time.h>
#include <abi/timex.h>

int adjtimex(struct timex *tx);
int ntp_adjtime(struct timex *tx);
int clock_adjtime(clockid_t clock, struct timex *tx);

#endif
