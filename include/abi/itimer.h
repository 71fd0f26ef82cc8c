/*
 * setitimer/getitimer (Linux i386: 104, 105): which timer, and struct
 * itimerval (two struct timeval: 16 bytes).
 */
#ifndef TICK386_ABI_ITIMER_H
#define TICK386_ABI_ITIMER_H

#include <abi/time.h>

#define ITIMER_REAL 0	 /* wall time (as Linux: the monotonic clock), SIGALRM */
#define ITIMER_VIRTUAL 1 /* the process's user CPU time, SIGVTALRM */
#define ITIMER_PROF 2	 /* its user + system CPU time, SIGPROF */

#ifndef HOST_BUILD
struct itimerval {
	struct timeval it_interval; /* the period; 0: one-shot */
	struct timeval it_value;    /* time to the next expiry; 0: disarmed */
};
#endif

#endif
