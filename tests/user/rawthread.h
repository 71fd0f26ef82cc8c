/*
 * Threads with raw system calls, for the tests of the kernel's threads
 * (no pthread): clone with glibc's flags, CLONE_CHILD_CLEARTID + futex as
 * join, a few numbers and wrappers.  Static functions: include it in one
 * test program.
 */
#ifndef TESTS_USER_RAWTHREAD_H
#define TESTS_USER_RAWTHREAD_H

#include <stdint.h>
#include <time.h>

#define NR_clone 120
#define NR_exit 1
#define NR_gettid 224
#define NR_futex 240
#define NR_set_thread_area 243
#define NR_get_thread_area 244
#define NR_tgkill 270
#define NR_exit_group 252

#define CLONE_THREAD_FLAGS                                                                         \
	(0x100 | 0x200 | 0x400 | 0x800 | 0x10000 | 0x40000 | 0x100000 | 0x200000)
#define CLONE_SETTLS 0x80000

#define FUTEX_WAIT 0
#define FUTEX_WAKE 1
#define FUTEX_WAIT_BITSET 9
#define FUTEX_PRIVATE 128
#define FUTEX_CLOCK_REALTIME 256

struct user_desc {
	unsigned entry_number, base_addr, limit, flags;
};

static long sys5(long nr, long a, long b, long c, long d, long e)
{
	long r;

	__asm__ volatile("int $0x80"
			 : "=a"(r)
			 : "0"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory");
	return r;
}

/* futex's sixth argument (val3) goes in ebp: through a global, as the asm
 * cannot name ebp while it holds the frame pointer. */
long futex_val3; /* not static: the asm names it */

static long futex(volatile int *addr, int op, int val, const struct timespec *ts, int val3)
{
	long r;

	futex_val3 = val3;
	__asm__ volatile("pushl %%ebp\n\t"
			 "movl futex_val3, %%ebp\n\t"
			 "int $0x80\n\t"
			 "popl %%ebp"
			 : "=a"(r)
			 : "0"(NR_futex), "b"(addr), "c"(op), "d"(val), "S"(ts), "D"(0)
			 : "memory");
	return r;
}

/*
 * clone(flags, stack) running fn(arg) on stack; the thread ends with
 * exit(fn's result).  The parent gets the new id (or -errno).
 */
static long raw_clone(unsigned flags, void *stack_top, int *ptid, void *tls, int *ctid,
		      int (*fn)(void *), void *arg)
{
	unsigned *sp = stack_top;
	long ret;

	*--sp = (unsigned)arg;
	*--sp = (unsigned)fn;
	__asm__ volatile("int $0x80\n\t"
			 "testl %%eax, %%eax\n\t"
			 "jnz 1f\n\t"
			 "popl %%eax\n\t" /* the new thread: fn, and arg under it */
			 "call *%%eax\n\t"
			 "movl %%eax, %%ebx\n\t"
			 "movl $1, %%eax\n\t"
			 "int $0x80\n\t"
			 "hlt\n"
			 "1:"
			 : "=a"(ret)
			 : "0"(NR_clone), "b"(flags), "c"(sp), "d"(ptid), "S"(tls), "D"(ctid)
			 : "memory");
	return ret;
}

#ifndef RAWTHREAD_MAX
#define RAWTHREAD_MAX 8
#endif
#ifndef RAWTHREAD_STACK_SIZE
#define RAWTHREAD_STACK_SIZE 16384
#endif
#define STACK_SIZE RAWTHREAD_STACK_SIZE
static char stacks[RAWTHREAD_MAX][STACK_SIZE] __attribute__((aligned(16)));
static volatile int ctids[RAWTHREAD_MAX];

static long gettid_(void)
{
	return sys5(NR_gettid, 0, 0, 0, 0, 0);
}

/* Start fn(arg) in thread slot i; returns its tid. */
static long start(int i, int (*fn)(void *), void *arg)
{
	ctids[i] = -1;
	return raw_clone(CLONE_THREAD_FLAGS, stacks[i] + STACK_SIZE, (int *)&ctids[i], NULL,
			 (int *)&ctids[i], fn, arg);
}

/* Wait until the thread in slot i has ended (its word cleared by the kernel). */
static void join(int i)
{
	int v;

	while ((v = ctids[i]) != 0)
		futex(&ctids[i], FUTEX_WAIT, v, NULL, -1);
}

#endif
