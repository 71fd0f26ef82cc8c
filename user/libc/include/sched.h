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

/* clone and unshare flags (GNU, as glibc: only under _GNU_SOURCE). */
#define CSIGNAL 0x000000ff
#define CLONE_VM 0x00000100
#define CLONE_FS 0x00000200
#define CLONE_FILES 0x00000400
#define CLONE_SIGHAND 0x00000800
#define CLONE_PIDFD 0x00001000
#define CLONE_PTRACE 0x00002000
#define CLONE_VFORK 0x00004000
#define CLONE_PARENT 0x00008000
#define CLONE_THREAD 0x00010000
#define CLONE_NEWNS 0x00020000
#define CLONE_SYSVSEM 0x00040000
#define CLONE_SETTLS 0x00080000
#define CLONE_PARENT_SETTID 0x00100000
#define CLONE_CHILD_CLEARTID 0x00200000
#define CLONE_DETACHED 0x00400000
#define CLONE_UNTRACED 0x00800000
#define CLONE_CHILD_SETTID 0x01000000
#define CLONE_NEWCGROUP 0x02000000
#define CLONE_NEWUTS 0x04000000
#define CLONE_NEWIPC 0x08000000
#define CLONE_NEWUSER 0x10000000
#define CLONE_NEWPID 0x20000000
#define CLONE_NEWNET 0x40000000
#define CLONE_IO 0x80000000
#define CLONE_NEWTIME 0x00000080
/* tick386 has no namespaces: any CLONE_NEW* is EINVAL (kernel/task/unshare.c). */
int unshare(int flags);
#endif

#endif
