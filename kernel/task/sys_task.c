/* The system calls of tasks: exit, read/write on the console, ids, yield, brk, pause. */
#include "arch/i386/cpu.h"
#include "kernel/console.h"
#include "kernel/task/sched.h"
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "mm/uaccess.h"
#include <abi/errno.h>

long sys_exit(int code)
{
	task_exit(TASK_WSTATUS_EXIT(code));
}

/* One thread per process: the group is the task. */
long sys_exit_group(int code)
{
	task_exit(TASK_WSTATUS_EXIT(code));
}

#define IO_CHUNK 256

long sys_write(int fd, const void __user *buf, size_t n)
{
	char chunk[IO_CHUNK];
	size_t done = 0;

	if (fd != 1 && fd != 2)
		return -EBADF;
	if ((long)n < 0)
		return -EINVAL;
	if (!user_range_ok(buf, n, false))
		return -EFAULT;
	while (done < n) {
		size_t len = n - done < IO_CHUNK ? n - done : IO_CHUNK;

		if (copy_from_user(chunk, (const char __user *)buf + done, len))
			return done ? (long)done : -EFAULT;
		console_write(chunk, len);
		done += len;
	}
	return (long)done;
}

/*
 * fd 0 reads the serial console as a terminal does: it waits until input
 * is there (console_wait_input: the console's IRQ 4 wakes it), then
 * returns what has arrived (up to n bytes).  A signal ends the wait with
 * -ERESTARTSYS (restarted under SA_RESTART, else -EINTR).
 */
long sys_read(int fd, void __user *buf, size_t n)
{
	char chunk[IO_CHUNK];
	size_t done = 0;
	int len;

	if (fd != 0)
		return -EBADF;
	if ((long)n < 0)
		return -EINVAL;
	if (!user_range_ok(buf, n, true))
		return -EFAULT;
	if (n == 0)
		return 0;
	for (;;) {
		u32 flags = irq_save();

		len = console_read(chunk, n < IO_CHUNK ? n : IO_CHUNK);
		if (len > 0) {
			irq_restore(flags);
			break;
		}
		if (console_wait_input() == -EINTR) {
			irq_restore(flags);
			return -ERESTARTSYS;
		}
		irq_restore(flags);
	}
	/* Then whatever else is already there, without waiting. */
	while (len > 0) {
		if (copy_to_user((char __user *)buf + done, chunk, (size_t)len))
			return -EFAULT;
		done += (size_t)len;
		if (done == n)
			break;
		len = console_read(chunk, n - done < IO_CHUNK ? n - done : IO_CHUNK);
	}
	return (long)done;
}

long sys_getpid(void)
{
	return current->pid;
}

long sys_gettid(void)
{
	return current->pid;
}

long sys_getppid(void)
{
	return current->ppid;
}

/* Every task runs as root. */
long sys_getuid(void)
{
	return 0;
}

long sys_geteuid(void)
{
	return 0;
}

long sys_getgid(void)
{
	return 0;
}

long sys_getegid(void)
{
	return 0;
}

long sys_sched_yield(void)
{
	sched_yield_now();
	return 0;
}

long sys_brk(u32 addr)
{
	return (long)vm_brk(&current->vm, addr);
}

/*
 * Sleep until a signal handler runs.  -ERESTARTNOHAND tells the signal
 * code: -EINTR once a handler has run (pause never restarts); a signal
 * that is ignored does not end the pause (it never becomes pending).
 */
long sys_pause(void)
{
	while (sched_sleep(KTIMER_MONOTONIC, KTIME_MAX) != -EINTR)
		;
	return -ERESTARTNOHAND;
}
