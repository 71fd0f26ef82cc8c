/* <sys/times.h>: times(), in clock ticks of sysconf(_SC_CLK_TCK) = 100 Hz. */
#ifndef _SYS_TIMES_H
#define _SYS_TIMES_H

#include <sys/types.h>
#include <abi/time.h>

clock_t times(struct tms *buf);

#endif
