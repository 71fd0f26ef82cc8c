/*
 * sysinfo(2): uptime, memory and the number of tasks, in Linux's units.
 *
 * Linux counts memory in pages and then, when RAM and swap together fit
 * an unsigned long in bytes (always on tick386: the direct map is under
 * 1 GiB), converts to bytes with mem_unit 1, the 2.2 layout old programs
 * expect.  What tick386 does not have is 0: swap, high memory, buffers,
 * shared pages (not counted globally yet), and the load averages (no
 * avenrun is computed; docs/DESIGN.md says so).
 */
#include "kernel/syscall.h"
#include "arch/i386/cpu.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "lib/string.h"
#include "mm/pmm.h"
#include "mm/slab_debug.h"
#include <abi/errno.h>
#include <abi/sysinfo.h>

#define PAGE_BYTES 4096u

long sys_sysinfo(struct sysinfo __user *info)
{
	struct sysinfo si;
	u64 up = clock_monotonic_ns(); /* no suspend: also CLOCK_BOOTTIME */
	u32 flags;

	memset(&si, 0, sizeof(si));
	/* Linux rounds a started second up */
	si.uptime = (long)(up / 1000000000ull + (up % 1000000000ull ? 1 : 0));
	slab_debug_drain(); /* as /proc/meminfo: the quarantine holds pages */
	flags = irq_save();
	si.totalram = pmm_total_count() * PAGE_BYTES;
	si.freeram = pmm_free_count() * PAGE_BYTES;
	si.procs = (unsigned short)task_count();
	irq_restore(flags);
	si.mem_unit = 1;
	return copy_to_user(info, &si, sizeof(si)) ? -EFAULT : 0;
}
