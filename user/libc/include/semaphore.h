/*
 * <semaphore.h>: POSIX semaphores on a futex (user/libc/src/sem.c), and
 * named ones (sem_open: a file of /dev/shm mapped shared, src/sem_named.c).
 * sem_t has glibc i386's size.
 */
#ifndef _SEMAPHORE_H
#define _SEMAPHORE_H

#include <limits.h>
#include <time.h>

typedef union {
	char __size[16];
	long __align;
} sem_t;

#define SEM_VALUE_MAX INT_MAX
#define SEM_FAILED ((sem_t *)0)

int sem_init(sem_t *sem, int pshared, unsigned int value);
int sem_destroy(sem_t *sem);
int sem_post(sem_t *sem);
int sem_wait(sem_t *sem);
int sem_trywait(sem_t *sem);
int sem_timedwait(sem_t *sem, const struct timespec *abstime);
int sem_clockwait(sem_t *sem, clockid_t clock, const struct timespec *abstime);
int sem_getvalue(sem_t *sem, int *value);
/* sem_open(name, oflag) or, with O_CREAT, sem_open(name, oflag, mode_t, unsigned value) */
sem_t *sem_open(const char *name, int oflag, ...);
int sem_close(sem_t *sem);
int sem_unlink(const char *name);

#endif
