/*
 * struct rusage as Linux i386 lays it out (72 bytes): getrusage and wait4.
 * tick386 does not split user from system time: all of it is user time.
 */
#ifndef TICK386_ABI_RESOURCE_H
#define TICK386_ABI_RESOURCE_H

#include <abi/time.h>

#include <abi/rlimit.h>

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD 1

#ifndef HOST_BUILD
struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	long ru_maxrss;
	long ru_ixrss;
	long ru_idrss;
	long ru_isrss;
	long ru_minflt;
	long ru_majflt;
	long ru_nswap;
	long ru_inblock;
	long ru_oublock;
	long ru_msgsnd;
	long ru_msgrcv;
	long ru_nsignals;
	long ru_nvcsw;
	long ru_nivcsw;
};
_Static_assert(sizeof(struct rusage) == 72, "struct rusage is 72 bytes on i386");
#endif

#endif
