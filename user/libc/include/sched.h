/*
 * <sched.h>: giving up the processor, scheduling policies and CPU sets.
 * tick386 schedules every task as SCHED_OTHER on one CPU (src/sched.c).
 */
#ifndef _SCHED_H
#define _SCHED_H

#include <sys/types.h>
#include <abi/time.h>

#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2
#define SCHED_BATCH 3
#define SCHED_IDLE 5

struct sched_param {
	int sched_priority;
};

int sched_yield(void);
int sched_get_priority_min(int policy);
int sched_get_priority_max(int policy);
int sched_getscheduler(pid_t pid);
int sched_setscheduler(pid_t pid, int policy, const struct sched_param *param);
int sched_getparam(pid_t pid, struct sched_param *param);
int sched_setparam(pid_t pid, const struct sched_param *param);

#ifdef _GNU_SOURCE
/* CPU sets (GNU, as glibc: only under _GNU_SOURCE): 1024 bits in unsigned longs. */
#define CPU_SETSIZE 1024
#define __NCPUBITS (8 * sizeof(unsigned long))
typedef struct {
	unsigned long __bits[CPU_SETSIZE / __NCPUBITS];
} cpu_set_t;

#define CPU_ZERO(set) __builtin_memset((set), 0, sizeof(cpu_set_t))
#define CPU_SET(cpu, set)                                                                          \
	((size_t)(cpu) < CPU_SETSIZE                                                               \
	     ? ((set)->__bits[(cpu) / __NCPUBITS] |= 1UL << ((cpu) % __NCPUBITS))                  \
	     : 0)
#define CPU_CLR(cpu, set)                                                                          \
	((size_t)(cpu) < CPU_SETSIZE                                                               \
	     ? ((set)->__bits[(cpu) / __NCPUBITS] &= ~(1UL << ((cpu) % __NCPUBITS)))               \
	     : 0)
#define CPU_ISSET(cpu, set)                                                                        \
	((size_t)(cpu) < CPU_SETSIZE                                                               \
	     ? ((set)->__bits[(cpu) / __NCPUBITS] & (1UL << ((cpu) % __NCPUBITS))) != 0            \
	     : 0)
#define CPU_COUNT(set) __sched_cpucount(sizeof(cpu_set_t), (set))
#define CPU_EQUAL(a, b) (__builtin_memcmp((a), (b), sizeof(cpu_set_t)) == 0)

int __sched_cpucount(size_t size, const cpu_set_t *set);
int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
int sched_setaffinity(pid_t pid, size_t size, const cpu_set_t *set);
#endif

#endif
