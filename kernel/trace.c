/*
 * The timer-path trace (see kernel/trace.h).
 *
 * The ring: `ring` holds TRACE_RING_RECORDS records; `next` counts the
 * records written since the last clear.  Invariants (interrupts off):
 *   R1 the records in the ring are ring[i % N] for
 *      max(0, next - N) <= i < next, oldest first;
 *   R2 lost = max(0, next - N): the records overwritten;
 *   R3 seq counts every record written since boot, so a reader sees
 *      overwritten records as a gap in seq.
 * The writer claims slot next % N and fills it with interrupts off: IRQ 0
 * is the only other writer, and there is one CPU, so no record is ever
 * half-written when a reader (also interrupts off) walks the ring.
 */
#include "kernel/trace.h"
#include "arch/i386/cpu.h"
#include "kernel/bootinfo.h"
#include "kernel/printk.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"

bool trace_on;
static bool dump_at_exit;
static struct trace_record ring[TRACE_RING_RECORDS];
static u32 next; /* records since the last clear */
static u32 seq;	 /* records since boot */

STATIC_ASSERT((TRACE_RING_RECORDS & (TRACE_RING_RECORDS - 1)) == 0, "ring size: a power of two");

void trace_record_event(enum trace_type type, int pid, int timer_id, u64 a, u64 b)
{
	u32 flags = irq_save();
	struct trace_record *r = &ring[next % TRACE_RING_RECORDS];

	if (pid == TRACE_PID_CURRENT)
		pid = current ? current->pid : -1;
	r->ns = clock_monotonic_ns();
	r->type = (u16)type;
	r->reserved = 0;
	r->pid = pid;
	r->timer_id = timer_id;
	r->seq = seq++;
	r->a = a;
	r->b = b;
	next++;
	irq_restore(flags);
}

void trace_init(void)
{
	char word[16];

	if (!bootinfo_cmdline_get("trace", word, sizeof(word)))
		return;
	dump_at_exit = !strcmp(word, "dump");
	trace_set(true);
}

void trace_set(bool on)
{
	trace_on = on;
}

void trace_clear(void)
{
	u32 flags = irq_save();

	next = 0;
	irq_restore(flags);
}

u32 trace_for_each(void (*fn)(const struct trace_record *r, void *ctx), void *ctx)
{
	u32 first = next > TRACE_RING_RECORDS ? next - TRACE_RING_RECORDS : 0;

	for (u32 i = first; i != next; i++)
		fn(&ring[i % TRACE_RING_RECORDS], ctx);
	return first;
}

/* Each type's name and the names of its values (NULL: not shown). */
static const struct {
	const char *name, *a, *b;
	bool timer; /* timer= shown */
} types[TRACE_NR_TYPES] = {
	[TRACE_NONE] = { "none", "a", "b", true },
	[TRACE_ARM] = { "arm", "expires", "interval", true },
	[TRACE_DISARM] = { "disarm", "was_armed", NULL, true },
	[TRACE_PIT] = { "pit", "count", "deadline", false },
	[TRACE_IRQ0] = { "irq0", NULL, NULL, false },
	[TRACE_IRQ0_EXIT] = { "irq0_exit", NULL, NULL, false },
	[TRACE_EXPIRE] = { "expire", "deadline", NULL, true },
	[TRACE_SIGNAL_QUEUED] = { "signal_queued", "signo", NULL, true },
	[TRACE_SIGNAL_DELIVERED] = { "signal_delivered", "signo", "overrun", true },
	[TRACE_REARM] = { "rearm", "expires", "overrun", true },
	[TRACE_WAKE] = { "wake", "deadline", NULL, false },
};

const char *trace_type_name(unsigned type)
{
	return type < TRACE_NR_TYPES ? types[type].name : "unknown";
}

int trace_format(char *buf, size_t size, const struct trace_record *r)
{
	unsigned t = r->type < TRACE_NR_TYPES ? r->type : TRACE_NONE;
	int n = snprintf(buf, size, "%llu %s seq=%u pid=%d", (unsigned long long)r->ns,
			 trace_type_name(r->type), r->seq, r->pid);

	if (types[t].timer && (size_t)n < size)
		n += snprintf(buf + n, size - n, " timer=%d", r->timer_id);
	if (types[t].a && (size_t)n < size)
		n += snprintf(buf + n, size - n, " %s=%llu", types[t].a, (unsigned long long)r->a);
	if (types[t].b && (size_t)n < size)
		n += snprintf(buf + n, size - n, " %s=%llu", types[t].b, (unsigned long long)r->b);
	return n;
}

static void dump_one(const struct trace_record *r, void *ctx)
{
	char line[160];

	(void)ctx;
	trace_format(line, sizeof(line), r);
	kprintf("tick386: trace %s\n", line);
}

void trace_dump_if_asked(void)
{
	u32 flags, lost;

	if (!dump_at_exit)
		return;
	trace_set(false); /* the dump itself is not traced */
	flags = irq_save();
	kprintf("tick386: trace begin records=%u lost=%u\n",
		next < TRACE_RING_RECORDS ? next : TRACE_RING_RECORDS,
		next > TRACE_RING_RECORDS ? next - TRACE_RING_RECORDS : 0);
	lost = trace_for_each(dump_one, NULL);
	kprintf("tick386: trace end lost=%u\n", lost);
	irq_restore(flags);
}
