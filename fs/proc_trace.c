/*
 * /proc/trace and /proc/trace_on: the timer-path trace (kernel/trace.h)
 * read back and switched from user space, the way Linux's tracefs does it
 * (tracing_on, trace), without a new system call:
 *
 *   /proc/trace      one line per record, oldest first, after a header
 *                    "# tick386 trace: records=N lost=M on=0|1";
 *                    any write empties the ring (Linux's `echo > trace`)
 *   /proc/trace_on   "0\n" or "1\n"; writing "1" starts tracing, "0" stops
 *                    it (anything else: -EINVAL)
 *
 * The text is made at open from a copy of the ring taken with interrupts
 * off (fs/proc.h): a snapshot.
 */
#include "fs/proc.h"
#include "arch/i386/cpu.h"
#include "kernel/trace.h"
#include "mm/kheap.h"
#include "mm/uaccess.h"
#include <abi/errno.h>

struct trace_copy {
	struct trace_record *r;
	u32 count;
};

static void copy_one(const struct trace_record *r, void *ctx)
{
	struct trace_copy *c = ctx;

	c->r[c->count++] = *r;
}

/*
 * The ring (160 KiB) is copied with interrupts off, then printed with them
 * on: formatting 4096 lines took far longer than the copy.
 */
int proc_trace(struct proc_text *out)
{
	struct trace_copy c = { kmalloc(TRACE_RING_RECORDS * sizeof(struct trace_record)), 0 };
	char line[160];
	u32 lost, flags;

	if (!c.r)
		return -ENOMEM;
	flags = irq_save();
	lost = trace_for_each(copy_one, &c);
	irq_restore(flags);
	proc_printf(out, "# tick386 trace: records=%u lost=%u on=%d\n", c.count, lost, trace_on);
	for (u32 i = 0; i < c.count && !out->nomem; i++) {
		trace_format(line, sizeof(line), &c.r[i]);
		proc_printf(out, "%s\n", line);
	}
	kfree(c.r);
	return 0;
}

void proc_trace_on(struct proc_text *out)
{
	proc_printf(out, "%d\n", trace_on);
}

long proc_trace_write(bool on_file, const void *ubuf, size_t len)
{
	char c;

	if (!on_file) {
		trace_clear();
		return (long)len;
	}
	if (len == 0)
		return 0;
	if (copy_from_user(&c, ubuf, 1))
		return -EFAULT;
	if (c != '0' && c != '1')
		return -EINVAL;
	trace_set(c == '1');
	return (long)len;
}
