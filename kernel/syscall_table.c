/*
 * The system-call table, indexed by the numbers of <abi/syscall.h>.  Each
 * area adds the lines of its own calls (and includes its header).
 */
#include "kernel/syscall.h"

const syscall_fn_t syscall_table[NR_SYSCALLS] = {
	/* tasks (kernel/sys_task.c) */
	SYSCALL_ENTRY(__NR_exit, sys_exit),
	SYSCALL_ENTRY(__NR_read, sys_read),
	SYSCALL_ENTRY(__NR_write, sys_write),
	SYSCALL_ENTRY(__NR_getpid, sys_getpid),
	SYSCALL_ENTRY(__NR_getuid, sys_getuid),
	SYSCALL_ENTRY(__NR_pause, sys_pause),
	SYSCALL_ENTRY(__NR_brk, sys_brk),
	SYSCALL_ENTRY(__NR_getgid, sys_getgid),
	SYSCALL_ENTRY(__NR_geteuid, sys_geteuid),
	SYSCALL_ENTRY(__NR_getegid, sys_getegid),
	SYSCALL_ENTRY(__NR_getppid, sys_getppid),
	SYSCALL_ENTRY(__NR_sched_yield, sys_sched_yield),
	SYSCALL_ENTRY(__NR_gettid, sys_gettid),
	SYSCALL_ENTRY(__NR_exit_group, sys_exit_group),
};
