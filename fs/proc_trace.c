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
 * The text is made at open with interrupts off (fs/proc.h): a snapshot.
 */
#include "fs/proc.h"
#include "kernel/trace.h"
#include "mm/uaccess.h"
#include <abi/errno.h>

struct trace_text {
	struct proc_text *out;
	u32 count;
};

static void count_one(const struct trace_record *r, void *ctx)
{
	(void)r;
	((struct trace_text *)ctx)->count++;
}

static void print_one(const struct trace_record *r, void *ctx)
{
	char line[160];

	trace_format(line, sizeof(line), r);
	proc_printf(((struct trace_text *)ctx)->out, "%s\n", line);
}

void proc_trace(struct proc_text *out)
{
	struct trace_text tt = { out, 0 };
	u32 lost = trace_for_each(count_one, &tt);

	proc_printf(out, "# tick386 trace: records=%u lost=%u on=%d\n", tt.count, lost, trace_on);
	trace_for_each(print_one, &tt);
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
