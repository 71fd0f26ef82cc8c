/* /proc/uptime and /proc/meminfo, in Linux's formats (fs/proc/uptime.c, meminfo.c). */
#include "fs/proc.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "mm/pmm.h"
#include "mm/slab_debug.h"

#define NS_PER_S 1000000000ull
#define NS_PER_CS 10000000ull

/* "uptime idle\n", seconds with 2 decimals: CLOCK_MONOTONIC (tick386 has no
 * suspend, so it is also the boot time) and the idle task's CPU time. */
void proc_uptime(struct proc_text *out)
{
	u64 up = clock_monotonic_ns(), idle = task_cpu_ns(sched_idle_task());

	proc_printf(out, "%lu.%02lu %lu.%02lu\n", (unsigned long)(up / NS_PER_S),
		    (unsigned long)(up % NS_PER_S / NS_PER_CS), (unsigned long)(idle / NS_PER_S),
		    (unsigned long)(idle % NS_PER_S / NS_PER_CS));
}

/* Linux's show_val_kb: the name and colon in 16 columns, the value in 8. */
static void show_kb(struct proc_text *out, const char *name, unsigned long pages)
{
	proc_printf(out, "%-16s%8lu kB\n", name, pages * 4);
}

/* Every free page is available: tick386 keeps no caches it could drop. */
void proc_meminfo(struct proc_text *out)
{
	unsigned long total, free;

	slab_debug_drain(); /* slub_debug: empty the quarantine, which holds pages */
	total = pmm_total_count();
	free = pmm_free_count();

	show_kb(out, "MemTotal:", total);
	show_kb(out, "MemFree:", free);
	show_kb(out, "MemAvailable:", free);
	show_kb(out, "Buffers:", 0);
	show_kb(out, "Cached:", 0);
	show_kb(out, "SwapCached:", 0);
	show_kb(out, "SwapTotal:", 0);
	show_kb(out, "SwapFree:", 0);
}
