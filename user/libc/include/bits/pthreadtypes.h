/*
 * <bits/pthreadtypes.h>: the thread library's opaque types, sized and
 * aligned as glibc's on i386.  Internal: <sys/types.h> and <pthread.h>
 * both include it (glibc's <sys/types.h> declares them too, and programs
 * such as LTP's tst_safe_pthread.h rely on that), so each type has one
 * definition.
 */
#ifndef _BITS_PTHREADTYPES_H
#define _BITS_PTHREADTYPES_H

typedef unsigned long pthread_t;
typedef union {
	char __size[36];
	long __align;
} pthread_attr_t;
typedef union {
	char __size[24];
	long __align;
} pthread_mutex_t;
typedef union {
	char __size[4];
	int __align;
} pthread_mutexattr_t;
typedef union {
	char __size[48];
	long long __align;
} pthread_cond_t;
typedef union {
	char __size[4];
	int __align;
} pthread_condattr_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef union {
	char __size[32];
	long __align;
} pthread_rwlock_t;
typedef union {
	char __size[8];
	long __align;
} pthread_rwlockattr_t;
typedef volatile int pthread_spinlock_t;
typedef union {
	char __size[20];
	long __align;
} pthread_barrier_t;
typedef union {
	char __size[4];
	int __align;
} pthread_barrierattr_t;

#endif
