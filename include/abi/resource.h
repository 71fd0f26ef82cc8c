/*
 * struct rusage as Linux i386 lays it out (72 bytes): getrusage and wait4.
 * tick386 does not split user from system time: all of it is user time.
 */
#ifndef TICK386_ABI_RESOURCE_H
#define TICK386_ABI_RESOURCE_H

#include <abi/time.h>

/* Resource limits (getrlimit, setrlimit, prlimit64): Linux's numbers. */
#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_RSS 5
#define RLIMIT_NPROC 6
#define RLIMIT_NOFILE 7
#define RLIMIT_MEMLOCK 8
#define RLIMIT_AS 9
#define RLIMIT_LOCKS 10
#define RLIMIT_SIGPENDING 11
#define RLIMIT_MSGQUEUE 12
#define RLIMIT_NICE 13
#define RLIMIT_RTPRIO 14
#define RLIMIT_RTTIME 15
#define RLIMIT_NLIMITS 16
#define RLIM64_INFINITY (~0ULL)

/* prlimit64's pair (both ABIs); getrlimit/setrlimit's is two longs. */
struct rlimit64 {
	unsigned long long rlim_cur;
	unsigned long long rlim_max;
};

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
