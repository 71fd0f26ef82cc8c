/*
 * pthread_getattr_np (GNU): the attributes a thread runs with: its detach
 * state and stack.  A created thread's stack is the part of its block (or
 * of the caller's pthread_attr_setstack area) below its TLS block.  The
 * main thread's stack is the kernel's: it ends at the page above the
 * strings the kernel copied to its top (the environment, argv[0]) and
 * may grow to 8 MiB (the kernel's limit, Linux's default RLIMIT_STACK),
 * which is what glibc reports there too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include "thread.h"

#define MAIN_STACK_MAX (8u << 20)
#define PAGE 4096u

extern char **environ;
extern char *program_invocation_name;
extern const unsigned long *__libc_auxv;
void __attr_set_thread(pthread_attr_t *attr, void *lo, size_t size, int detached);

static uintptr_t end_of(const char *s, uintptr_t top)
{
	uintptr_t e = s ? (uintptr_t)s + strlen(s) + 1 : 0;

	return e > top ? e : top;
}

static void main_stack(char **lo, size_t *size)
{
	uintptr_t top = (uintptr_t)__libc_auxv;

	for (char **e = environ; e && *e; e++)
		top = end_of(*e, top);
	top = end_of(program_invocation_name, top);
	top = (top + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
	*lo = (char *)(top - MAIN_STACK_MAX);
	*size = MAIN_STACK_MAX;
}

int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr)
{
	struct pthread *t = (struct pthread *)thread;
	abi_sigset_t old;
	char *lo;
	size_t size;
	int detached, ok;

	__threads_lock(&old);
	ok = __thread_valid(t);
	if (ok) {
		detached = t->detach_state != DT_JOINABLE;
		lo = t->stack_lo;
		size = t->stack_size;
	}
	__threads_unlock(&old);
	if (!ok)
		return ESRCH;
	if (!lo)
		main_stack(&lo, &size);
	pthread_attr_init(attr);
	__attr_set_thread(attr, lo, size, detached);
	return 0;
}
