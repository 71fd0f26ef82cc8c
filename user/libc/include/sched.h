/* <sched.h>: giving up the processor.  Priorities are not settable here. */
#ifndef _SCHED_H
#define _SCHED_H

#include <sys/types.h>
#include <abi/time.h>

#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2

struct sched_param {
	int sched_priority;
};

int sched_yield(void);

#endif
