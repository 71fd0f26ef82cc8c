/*
 * The system-call gate of user/libc (internal).
 *
 * `int 0x80` with the number in eax and up to five arguments in ebx, ecx,
 * edx, esi, edi, ebp (the sixth, pselect6's: sys_6 saves ebp around the call,
 * since it may be the frame pointer).
 * The kernel answers in eax: a value, or -errno in [-MAX_ERRNO, -1].
 * sys_N() return that raw answer; sys_ret() turns it into POSIX's -1 + errno.
 */
#ifndef TICK386_LIBC_SYSCALL_H
#define TICK386_LIBC_SYSCALL_H

#include <abi/syscall.h>
#include "nr.h"

static inline long sys_0(long nr)
{
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr) : "memory");
	return ret;
}

static inline long sys_1(long nr, long a)
{
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a) : "memory");
	return ret;
}

static inline long sys_2(long nr, long a, long b)
{
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b) : "memory");
	return ret;
}

static inline long sys_3(long nr, long a, long b, long c)
{
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	return ret;
}

static inline long sys_4(long nr, long a, long b, long c, long d)
{
	long ret;
	__asm__ volatile("int $0x80"
			 : "=a"(ret)
			 : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d)
			 : "memory");
	return ret;
}

static inline long sys_5(long nr, long a, long b, long c, long d, long e)
{
	long ret;
	__asm__ volatile("int $0x80"
			 : "=a"(ret)
			 : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory");
	return ret;
}

static inline long sys_6(long nr, long a, long b, long c, long d, long e, long f)
{
	long ret;
	long af[2] = {a, f}; /* ebx holds their address until ebp is saved */

	__asm__ volatile("push %%ebp\n\t"
			 "push %%ebx\n\t"
			 "mov 4(%%ebx), %%ebp\n\t"
			 "mov (%%ebx), %%ebx\n\t"
			 "int $0x80\n\t"
			 "pop %%ebx\n\t"
			 "pop %%ebp"
			 : "=a"(ret)
			 : "a"(nr), "b"(af), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory");
	return ret;
}

/* Is this raw answer an error (-MAX_ERRNO .. -1)? */
static inline int sys_is_error(long ret)
{
	return (unsigned long)ret > (unsigned long)-MAX_ERRNO - 1;
}

/* POSIX convention: a value, or -1 with errno set. */
long sys_ret(long ret);

#endif
