/* The system calls of tasks: exit, ids, yield, brk, pause (read/write: fs/). */
#include "arch/i386/cpu.h"
#include "kernel/task/sched.h"
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "kernel/task/wait.h"
#include <abi/errno.h>

/* exit ends the calling thread only (the process with its last thread). */
long sys_exit(int code)
{
	task_exit(TASK_WSTATUS_EXIT(code));
}

long sys_exit_group(int code)
{
	task_exit_group(TASK_WSTATUS_EXIT(code));
}

long sys_getpid(void)
{
	return current->tgid;
}

long sys_gettid(void)
{
	return current->pid;
}

long sys_getppid(void)
{
	return current->leader->ppid;
}

long sys_sched_yield(void)
{
	sched_yield_now();
	return 0;
}

long sys_brk(u32 addr)
{
	return (long)vm_brk(&current->leader->vm, addr);
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
