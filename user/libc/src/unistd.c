/* Console I/O, process identity, brk.  read, write and pause are cancellation points. */
#include <errno.h>
#include <stdint.h>
#include <sched.h>
#include <stdarg.h>
#include <sys/prctl.h>
#include <signal.h>
#include <unistd.h>
#include "thread.h"

ssize_t write(int fd, const void *buf, size_t n)
{
	return sys_ret(__syscall_cp(__NR_write, fd, (long)buf, (long)n, 0, 0, 0));
}

ssize_t read(int fd, void *buf, size_t n)
{
	return sys_ret(__syscall_cp(__NR_read, fd, (long)buf, (long)n, 0, 0, 0));
}

pid_t getpid(void)
{
	return (pid_t)sys_0(__NR_getpid);
}

pid_t gettid(void)
{
	return (pid_t)sys_0(__NR_gettid);
}

/* init's parent is the kernel: 0 where the call does not exist. */
pid_t getppid(void)
{
	long ret = sys_0(__NR_getppid);

	return sys_is_error(ret) ? 0 : (pid_t)ret;
}

/* pause: the call, or, on a kernel without it, sigsuspend on the current mask. */
int pause(void)
{
	long ret = __syscall_cp(__NR_pause, 0, 0, 0, 0, 0, 0);
	sigset_t mask;

	if (ret == -ENOSYS && sigprocmask(SIG_BLOCK, NULL, &mask) == 0)
		return sigsuspend(&mask);
	return (int)sys_ret(ret);
}

int sched_yield(void)
{
	return (int)sys_ret(sys_0(__NR_sched_yield));
}

/*
 * brk as Linux has it: the call returns the new break, or the old one when
 * it could not move it.  brk(0) asks where the break is.
 */
static uintptr_t current_break;

int brk(void *addr)
{
	long ret = sys_1(__NR_brk, (long)addr);
	uintptr_t got = (uintptr_t)ret;

	/* A kernel may also say -ENOMEM; then the break did not move. */
	if (!sys_is_error(ret))
		current_break = got;
	if (got != (uintptr_t)addr) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

void *sbrk(intptr_t increment)
{
	uintptr_t old;

	if (!current_break)
		current_break = (uintptr_t)sys_1(__NR_brk, 0);
	old = current_break;
	if (increment == 0)
		return (void *)old;
	if ((increment > 0 && old + (uintptr_t)increment < old) ||
	    (increment < 0 && (uintptr_t)-increment > old) ||
	    brk((void *)(old + (uintptr_t)increment)) < 0) {
		errno = ENOMEM;
		return (void *)-1;
	}
	return (void *)old;
}

/* prctl(option, up to four more): as the kernel answers. */
int prctl(int option, ...)
{
	unsigned long a[4];
	va_list ap;

	va_start(ap, option);
	for (int i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	return (int)sys_ret(sys_5(NR_prctl, option, (long)a[0], (long)a[1], (long)a[2], (long)a[3]));
}
