/*
 * What a process learns of the CPU time it and its children used: times()
 * and getrusage().  tick386 does not split user from system time (a slice
 * is charged whole to the task that ran it), so all of it is user time and
 * the system fields are 0.  A child's time reaches its parent when the
 * parent reaps it with wait4 (child_cpu_ns, task.h), with the time of the
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

static u64 children_cpu_ns(void)
{
	u32 flags = irq_save();
	u64 ns = current->leader->child_cpu_ns;

	irq_restore(flags);
	return ns;
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

		memset(&t, 0, sizeof(t));
		t.tms_utime = ns_to_ticks(task_process_cpu_ns(current));
		t.tms_cutime = ns_to_ticks(children_cpu_ns());
		if (copy_to_user(buf, &t, sizeof(t)))
			return -EFAULT;
	}
	return (long)(u32)(TIMES_INITIAL_TICKS + (u32)(clock_monotonic_ns() / NS_PER_USER_TICK));
}

/* RUSAGE_SELF, RUSAGE_CHILDREN or RUSAGE_THREAD; the other fields are 0. */
long sys_getrusage(int who, struct rusage __user *uru)
{
	struct rusage ru;
	u64 ns;

	if (who == RUSAGE_SELF)
		ns = task_process_cpu_ns(current);
	else if (who == RUSAGE_CHILDREN)
		ns = children_cpu_ns();
	else if (who == RUSAGE_THREAD)
		ns = task_cpu_ns(current);
	else
		return -EINVAL;
	memset(&ru, 0, sizeof(ru));
	ru.ru_utime.tv_sec = (time_t)(ns / 1000000000ull);
	ru.ru_utime.tv_usec = (suseconds_t)(ns % 1000000000ull / 1000);
	return copy_to_user(uru, &ru, sizeof(ru)) ? -EFAULT : 0;
}
