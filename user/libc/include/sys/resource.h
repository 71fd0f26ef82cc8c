/*
 * <sys/resource.h>: getrusage, from the CPU-time clock (the kernel does not
 * split user from system time, so all of it is user time), and the limits
 * the kernel keeps for each process.
 */
#ifndef _SYS_RESOURCE_H
#define _SYS_RESOURCE_H

#include <sys/time.h>
#include <sys/types.h>

#include <abi/resource.h> /* struct rusage, RUSAGE_* */

int getrusage(int who, struct rusage *usage);

/* Nice values, -20..19 (the kernel's kernel/task/priority.c). */
#define PRIO_MIN (-20)
#define PRIO_MAX 20
#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2
int getpriority(int which, id_t who);
int setpriority(int which, id_t who, int prio);

/* Resource limits: Linux's numbers (RLIMIT_*, struct rlimit64 in
 * <abi/resource.h>), the kernel's per process (prlimit64; src/rlimit.c). */
typedef unsigned long rlim_t;
struct rlimit {
	rlim_t rlim_cur;
	rlim_t rlim_max;
};
#define RLIM_INFINITY (~0UL)
#define RLIM_SAVED_MAX RLIM_INFINITY
#define RLIM_SAVED_CUR RLIM_INFINITY

#define RLIM_NLIMITS RLIMIT_NLIMITS

typedef unsigned long long rlim64_t;

int getrlimit(int resource, struct rlimit *rlim);
int setrlimit(int resource, const struct rlimit *rlim);
int getrlimit64(int resource, struct rlimit64 *rlim);
int setrlimit64(int resource, const struct rlimit64 *rlim);
#ifdef _GNU_SOURCE
int prlimit(pid_t pid, int resource, const struct rlimit *new_limit, struct rlimit *old_limit);
int prlimit64(pid_t pid, int resource, const struct rlimit64 *new_limit, struct rlimit64 *old_limit);
#endif

#endif
