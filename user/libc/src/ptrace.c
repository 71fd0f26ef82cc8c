/*
 * ptrace: call 26, ENOSYS on tick386 (<sys/ptrace.h>).  As glibc: the
 * PEEK requests have the kernel store the word in a local, return it and
 * set errno to 0 on success; the others pass data as it is.
 */
#include <errno.h>
#include <stdarg.h>
#include <sys/ptrace.h>
#include "syscall.h"

#ifndef __NR_ptrace
#define __NR_ptrace 26
#endif

long ptrace(int request, ...)
{
	va_list ap;
	pid_t pid;
	void *addr, *data;
	long word, ret;
	int peek = request >= PTRACE_PEEKTEXT && request <= PTRACE_PEEKUSER;

	va_start(ap, request);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);
	if (peek)
		data = &word;
	ret = sys_ret(sys_4(__NR_ptrace, request, pid, (long)addr, (long)data));
	if (ret < 0 || !peek)
		return ret;
	errno = 0;
	return word;
}
