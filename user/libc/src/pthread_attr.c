/*
 * Thread attributes.  pthread_attr_t (36 bytes, glibc's size) holds a
 * struct attr.  The default stack is 256 KiB, not glibc's 8 MiB: stacks come
 * from the heap (the kernel has brk but no mmap), and brk maps its pages at
 * once.  The scheduling attributes accept what the kernel does: one policy,
 * SCHED_OTHER at priority 0, system scope; the rest is ENOTSUP.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <string.h>

#define DEFAULT_STACK_SIZE (256u * 1024u)

struct attr {
	size_t stack_size; /* 0: the default */
	void *stack_addr;  /* pthread_attr_setstack: its lowest address */
	int detach;
	int policy;
	int priority;
	int inherit;
	int scope;
};

_Static_assert(sizeof(struct attr) <= sizeof(pthread_attr_t), "struct attr fits");

#define A(attr) ((struct attr *)(attr))
#define CA(attr) ((const struct attr *)(attr))

size_t __attr_stacksize(const pthread_attr_t *attr);
int __attr_detached(const pthread_attr_t *attr);
void *__attr_stack(const pthread_attr_t *attr, size_t *size);

size_t __attr_stacksize(const pthread_attr_t *attr)
{
	return attr && CA(attr)->stack_size ? CA(attr)->stack_size : DEFAULT_STACK_SIZE;
}

int __attr_detached(const pthread_attr_t *attr)
{
	return CA(attr)->detach == PTHREAD_CREATE_DETACHED;
}

void *__attr_stack(const pthread_attr_t *attr, size_t *size)
{
	*size = CA(attr)->stack_size;
	return CA(attr)->stack_addr;
}

/* pthread_getattr_np's: a running thread's stack and detach state. */
void __attr_set_thread(pthread_attr_t *attr, void *lo, size_t size, int detached);

void __attr_set_thread(pthread_attr_t *attr, void *lo, size_t size, int detached)
{
	A(attr)->stack_addr = lo;
	A(attr)->stack_size = size;
	A(attr)->detach = detached ? PTHREAD_CREATE_DETACHED : PTHREAD_CREATE_JOINABLE;
}

int pthread_attr_init(pthread_attr_t *attr)
{
	memset(attr, 0, sizeof(*attr));
	A(attr)->stack_size = DEFAULT_STACK_SIZE;
	A(attr)->detach = PTHREAD_CREATE_JOINABLE;
	A(attr)->policy = SCHED_OTHER;
	A(attr)->inherit = PTHREAD_INHERIT_SCHED;
	A(attr)->scope = PTHREAD_SCOPE_SYSTEM;
	return 0;
}

int pthread_attr_destroy(pthread_attr_t *attr)
{
	(void)attr;
	return 0;
}

int pthread_attr_setdetachstate(pthread_attr_t *attr, int state)
{
	if (state != PTHREAD_CREATE_JOINABLE && state != PTHREAD_CREATE_DETACHED)
		return EINVAL;
	A(attr)->detach = state;
	return 0;
}

int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state)
{
	*state = CA(attr)->detach;
	return 0;
}

int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size)
{
	if (size < PTHREAD_STACK_MIN)
		return EINVAL;
	A(attr)->stack_size = size;
	return 0;
}

int pthread_attr_getstacksize(const pthread_attr_t *attr, size_t *size)
{
	*size = __attr_stacksize(attr);
	return 0;
}

int pthread_attr_setstack(pthread_attr_t *attr, void *addr, size_t size)
{
	if (size < PTHREAD_STACK_MIN)
		return EINVAL;
	A(attr)->stack_addr = addr;
	A(attr)->stack_size = size;
	return 0;
}

int pthread_attr_getstack(const pthread_attr_t *attr, void **addr, size_t *size)
{
	*addr = CA(attr)->stack_addr;
	*size = __attr_stacksize(attr);
	return 0;
}

int pthread_attr_setschedpolicy(pthread_attr_t *attr, int policy)
{
	if (policy == SCHED_FIFO || policy == SCHED_RR)
		return ENOTSUP;
	if (policy != SCHED_OTHER)
		return EINVAL;
	A(attr)->policy = policy;
	return 0;
}

int pthread_attr_getschedpolicy(const pthread_attr_t *attr, int *policy)
{
	*policy = CA(attr)->policy;
	return 0;
}

/* SCHED_OTHER has one priority, 0 (sched_get_priority_min/max on Linux). */
int pthread_attr_setschedparam(pthread_attr_t *attr, const struct sched_param *param)
{
	if (param->sched_priority != 0)
		return EINVAL;
	A(attr)->priority = 0;
	return 0;
}

int pthread_attr_getschedparam(const pthread_attr_t *attr, struct sched_param *param)
{
	param->sched_priority = CA(attr)->priority;
	return 0;
}

int pthread_attr_setinheritsched(pthread_attr_t *attr, int inherit)
{
	if (inherit != PTHREAD_INHERIT_SCHED && inherit != PTHREAD_EXPLICIT_SCHED)
		return EINVAL;
	A(attr)->inherit = inherit;
	return 0;
}

int pthread_attr_getinheritsched(const pthread_attr_t *attr, int *inherit)
{
	*inherit = CA(attr)->inherit;
	return 0;
}

/* Linux threads are all of system scope (glibc: ENOTSUP for the other). */
int pthread_attr_setscope(pthread_attr_t *attr, int scope)
{
	if (scope == PTHREAD_SCOPE_PROCESS)
		return ENOTSUP;
	if (scope != PTHREAD_SCOPE_SYSTEM)
		return EINVAL;
	A(attr)->scope = scope;
	return 0;
}

int pthread_attr_getscope(const pthread_attr_t *attr, int *scope)
{
	*scope = CA(attr)->scope;
	return 0;
}
