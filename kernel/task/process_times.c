/*
 * What a process learns of the CPU time it and its children used: times()
 * and getrusage().  A task's CPU time (its slices, kernel/task/sched.c) is
 * split exactly into user and system time at each crossing of the ring 3
 * boundary (kernel/task/vtime.h); the two add up to the CPU-time clocks.
 * A child's time reaches its parent when the parent reaps it with wait4
 * (child_cpu_ns and child_utime_ns, task.h), with the time of the
 * descendants that child had reaped: Linux's cutime/cstime.
 */
#include "arch/i386/cpu.h"
#include "kernel/syscall.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "mm/uaccess.h"
#include "lib/string.h"
#include <abi/errno.h>
#include <abi/resource.h>
#include <abi/time.h>

#define NS_PER_USER_TICK (1000000000ull / ABI_USER_HZ)

/*
 * Linux starts its tick counter (jiffies) 300 s before zero, so that a
 * program that mishandles its wrap-around meets it 5 minutes after boot,
 * not after 497 days; times() returns that counter in USER_HZ ticks,
 * truncated to a long.  tick386 returns what a Linux with HZ = USER_HZ
 * (100) returns: the ticks since boot minus 30000, modulo 2^32.  (The
 * Linux i386 oracle, HZ 250, starts elsewhere: 2^32 / 2.5 - 30000.)
 */
#define TIMES_INITIAL_TICKS ((u32)(-300 * ABI_USER_HZ))

static clock_t ns_to_ticks(u64 ns)
{
	return (clock_t)(u32)(ns / NS_PER_USER_TICK);
}

static u64 children_cpu_ns(u64 *utime_ns)
{
	u32 flags = irq_save();
	u64 ns = current->leader->child_cpu_ns;

	*utime_ns = current->leader->child_utime_ns;
	irq_restore(flags);
	return ns;
}

static void set_timeval(struct timeval *tv, u64 ns)
{
	tv->tv_sec = (time_t)(ns / 1000000000ull);
	tv->tv_usec = (suseconds_t)(ns % 1000000000ull / 1000);
}

void rusage_set_times(struct rusage *ru, u64 cpu_ns, u64 utime_ns)
{
	set_timeval(&ru->ru_utime, utime_ns);
	set_timeval(&ru->ru_stime, cpu_ns - utime_ns);
}

/*
 * A NULL buffer is allowed (only the result); a bad one is -EFAULT.  The
 * result may look like an error number (-4095..-1 is 4:19 to 5:00 after
 * boot): the C library tells them apart (user/libc/src/clock.c).
 */
long sys_times(struct tms __user *buf)
{
	if (buf) {
		struct tms t;
		u64 cpu, user;

		memset(&t, 0, sizeof(t));
		cpu = task_process_cpu_ns_split(current, &user);
		t.tms_utime = ns_to_ticks(user);
		t.tms_stime = ns_to_ticks(cpu - user);
		cpu = children_cpu_ns(&user);
		t.tms_cutime = ns_to_ticks(user);
		t.tms_cstime = ns_to_ticks(cpu - user);
		if (copy_to_user(buf, &t, sizeof(t)))
			return -EFAULT;
	}
	return (long)(u32)(TIMES_INITIAL_TICKS + (u32)(clock_monotonic_ns() / NS_PER_USER_TICK));
}

/* RUSAGE_SELF, RUSAGE_CHILDREN or RUSAGE_THREAD; the other fields are 0. */
long sys_getrusage(int who, struct rusage __user *uru)
{
	struct rusage ru;
	u64 ns, user;

	if (who == RUSAGE_SELF)
		ns = task_process_cpu_ns_split(current, &user);
	else if (who == RUSAGE_CHILDREN)
		ns = children_cpu_ns(&user);
	else if (who == RUSAGE_THREAD)
		ns = task_cpu_ns_split(current, &user);
	else
		return -EINVAL;
	memset(&ru, 0, sizeof(ru));
	rusage_set_times(&ru, ns, user);
	return copy_to_user(uru, &ru, sizeof(ru)) ? -EFAULT : 0;
}
