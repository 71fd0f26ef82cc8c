/*
 * System calls: `int 0x80` from ring 3, Linux i386 convention (number in
 * eax, arguments in ebx, ecx, edx, esi, edi, ebp, result in eax, -errno on
 * failure).  The numbers are in <abi/syscall.h>, shared with user/libc.
 *
 * kernel/syscall_table.c holds a static table of NR_SYSCALLS slots indexed
 * by the number.  Each call is an ordinary typed function, e.g.
 *     long sys_write(int fd, const void __user *buf, size_t n);
 * entered with SYSCALL_ENTRY(__NR_write, sys_write): the dispatcher passes
 * all six registers, and a cdecl function simply ignores those it does not
 * declare.  An empty slot, or a number >= NR_SYSCALLS, is -ENOSYS.  A call
 * that needs the whole trap frame (rt_sigreturn) reads current->user_frame.
 */
#ifndef TICK386_KERNEL_SYSCALL_H
#define TICK386_KERNEL_SYSCALL_H

#include "arch/i386/trap.h"
#include "mm/uaccess.h"
#include "lib/types.h"
#include <abi/syscall.h>

typedef long (*syscall_fn_t)(u32, u32, u32, u32, u32, u32);

/* The cast through void (*)(void) says "any function type" to gcc. */
#define SYSCALL_ENTRY(nr, fn) [nr] = (syscall_fn_t)(void (*)(void))(fn)

extern const syscall_fn_t syscall_table[NR_SYSCALLS];

/*
 * int 0x80's C half, called by arch/i386/isr.asm's syscall_stub (the gate
 * idt_init installs) with the frame in eax: the call, then the way back to
 * ring 3 (kernel/task/user_return.h).
 */
__attribute__((regparm(1))) void syscall_entry(struct trap_frame *tf);

/* Run call nr with these arguments as if from user mode (tests). */
long syscall_invoke(u32 nr, u32 a1, u32 a2, u32 a3, u32 a4, u32 a5, u32 a6);

/* kernel/task/sys_task.c */
long sys_exit(int code);
long sys_exit_group(int code);
long sys_getpid(void);
long sys_gettid(void);
long sys_prctl(int option, unsigned long arg2); /* kernel/task/prctl.c */
long sys_personality(u32 persona);		/* kernel/task/prctl.c */
long sys_capget(void __user *header, void __user *data); /* kernel/task/capability.c */
long sys_capset(void __user *header, const void __user *data);
long sys_getppid(void);
/* kernel/task/cred.c: the 16-bit calls (Linux i386's old numbers) */
long sys_getuid(void);
long sys_geteuid(void);
long sys_getgid(void);
long sys_getegid(void);
long sys_setuid16(u32 uid);
long sys_setgid16(u32 gid);
long sys_setreuid16(u32 ruid, u32 euid);
long sys_setregid16(u32 rgid, u32 egid);
long sys_setresuid16(u32 r, u32 e, u32 s);
long sys_setresgid16(u32 r, u32 e, u32 s);
long sys_getresuid16(u16 __user *r, u16 __user *e, u16 __user *s);
long sys_getresgid16(u16 __user *r, u16 __user *e, u16 __user *s);
long sys_setfsuid16(u32 uid);
long sys_setfsgid16(u32 gid);
long sys_getgroups16(int size, u16 __user *list);
long sys_setgroups16(int size, const u16 __user *list);
/* ... and the 32-bit ones */
long sys_getuid32(void);
long sys_geteuid32(void);
long sys_getgid32(void);
long sys_getegid32(void);
long sys_setuid32(u32 uid);
long sys_setgid32(u32 gid);
long sys_setreuid32(u32 ruid, u32 euid);
long sys_setregid32(u32 rgid, u32 egid);
long sys_setresuid32(u32 ruid, u32 euid, u32 suid);
long sys_setresgid32(u32 rgid, u32 egid, u32 sgid);
long sys_getresuid32(u32 __user *r, u32 __user *e, u32 __user *s);
long sys_getresgid32(u32 __user *r, u32 __user *e, u32 __user *s);
long sys_setfsuid32(u32 uid);
long sys_setfsgid32(u32 gid);
long sys_getgroups32(int size, u32 __user *list);
long sys_setgroups32(int size, const u32 __user *list);
long sys_sched_yield(void);
long sys_brk(u32 addr);
long sys_pause(void);
/* kernel/task/priority.c */
long sys_getpriority(int which, int who);
long sys_setpriority(int which, int who, int nice);
long sys_nice(int inc);
/* kernel/task/unshare.c */
long sys_unshare(unsigned long flags);

/* kernel/sysinfo.c */
struct sysinfo;
long sys_sysinfo(struct sysinfo __user *info);

/* kernel/task/process.c */
struct rusage;
long sys_fork(void);
struct siginfo;
long sys_waitid(int which, int id, struct siginfo __user *infop, int options,
		struct rusage __user *ru);
long sys_wait4(int pid, int __user *status, int options, struct rusage __user *ru);
long sys_waitpid(int pid, int __user *status, int options);
long sys_getpgid(int pid);
long sys_getpgrp(void);

/* kernel/task/process_times.c */
struct tms;
long sys_times(struct tms __user *buf);
long sys_getrusage(int who, struct rusage __user *ru);
long sys_getsid(int pid);
long sys_setpgid(int pid, int pgid);
long sys_setsid(void);

/* kernel/task/thread.c, futex.c */
struct abi_user_desc;
struct timespec;
long sys_clone(u32 flags, u32 stack, int __user *ptid, struct abi_user_desc __user *tls,
	       int __user *ctid);
long sys_set_tid_address(int __user *tidptr);
long sys_set_thread_area(struct abi_user_desc __user *uinfo);
long sys_get_thread_area(struct abi_user_desc __user *uinfo);
long sys_futex(u32 __user *uaddr, int op, u32 val, const struct timespec __user *utime,
	       u32 __user *uaddr2, u32 val3);
struct abi_futex_waitv;
long sys_futex_waitv(const struct abi_futex_waitv __user *waiters, u32 nr_futexes, u32 flags,
		     const void __user *timeout, int clockid);
struct abi_timespec64;
long sys_futex_time64(u32 __user *uaddr, int op, u32 val,
		      const struct abi_timespec64 __user *utime, u32 __user *uaddr2, u32 val3);

/* kernel/task/exec.c */
long sys_execve(const char __user *path, const char *const __user *argv,
		const char *const __user *envp);

#endif
