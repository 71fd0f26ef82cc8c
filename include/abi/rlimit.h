/*
 * Resource limits (getrlimit, setrlimit, prlimit64): Linux's numbers and
 * prlimit64's pair; apart from <abi/resource.h> so that the kernel's
 * struct task can hold the limits without struct rusage's i386 layout.
 */
#ifndef TICK386_ABI_RLIMIT_H
#define TICK386_ABI_RLIMIT_H

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

#endif
