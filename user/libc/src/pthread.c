/*
 * The part of <pthread.h> a process of one thread can have now: its one
 * thread is named by its tid (what the kernel calls it; a fork's child has
 * its own).  pthread_sigmask is in signal.c.  The rest comes with threads.
 */
#include <pthread.h>
#include "syscall.h"

pthread_t pthread_self(void)
{
	return (pthread_t)sys_0(__NR_gettid);
}

int pthread_equal(pthread_t a, pthread_t b)
{
	return a == b;
}
