/* The soft-lockup watchdog (see softlockup.h). */
#include "kernel/softlockup.h"
#include "arch/i386/cpu.h"
#include "kernel/bootinfo.h"
#include "kernel/ksyms.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/task/sched.h"
#include "kernel/task/task.h"
#include "kernel/time/clock.h"
#include "kernel/time/ktimer.h"
#include "lib/string.h"

#define NS_PER_SEC 1000000000ull

/*
 * All of it is read and written with interrupts off (IRQ 0, or
 * softlockup_configure's irq_save): on one CPU that is its lock.  With
 * several CPUs each would watch its own running task (per-CPU state).
 */
static u64 thresh_ns; /* 0: off */
static enum softlockup_mode mode = SOFTLOCKUP_PANIC;
static volatile struct softlockup_record record;

/* The stretch being watched: task, its system calls and the switches
 * when it was first found in kernel mode, and the time then. */
static struct {
	struct task *task;
	u32 syscall_seq;
	u32 switches;
	u64 since_ns;
} watched;

void softlockup_init(u64 default_thresh_ns)
{
	char value[16];
	u32 seconds = 0;

	thresh_ns = default_thresh_ns;
	if (bootinfo_cmdline_get("watchdog", value, sizeof(value))) {
		for (const char *p = value; *p >= '0' && *p <= '9' && seconds < 1000000; p++)
			seconds = seconds * 10 + (u32)(*p - '0');
		thresh_ns = (u64)seconds * NS_PER_SEC;
	}
	if (thresh_ns) {
		kprintf("tick386: soft-lockup watchdog: %llu ms in a system call\n",
			(unsigned long long)(thresh_ns / 1000000));
		ktimer_reprogram(); /* a quiet clock event device ticks again */
	}
}

bool softlockup_active(void)
{
	return thresh_ns != 0;
}

static void watch(struct task *t, u64 now)
{
	watched.task = t;
	watched.syscall_seq = t->syscall_seq;
	watched.switches = sched_switch_count();
	watched.since_ns = now;
}

static __noreturn void report_panic(struct task *t, const struct trap_frame *tf, u64 stuck_ns)
{
	u32 offset = 0;
	const char *fn = ksym_lookup(tf->eip, &offset);

	kprintf("tick386: soft lockup: pid %d (%s) in the kernel for %llu ms at eip=%#x\n", t->pid,
		t->name, (unsigned long long)(stuck_ns / 1000000), tf->eip);
	panic_backtrace(tf->ebp, tf->eip);
	panic("soft lockup: pid %d (%s) looped %llu ms in the kernel without sleeping, at %s+%#x",
	      t->pid, t->name, (unsigned long long)(stuck_ns / 1000000), fn ? fn : "?", offset);
}

void softlockup_irq(const struct trap_frame *tf)
{
	struct task *t = current;
	u64 now, stuck;

	if (!thresh_ns)
		return;
	now = clock_monotonic_ns();
	if (trap_from_user(tf) || t->pid == 0 || t != watched.task ||
	    t->syscall_seq != watched.syscall_seq || sched_switch_count() != watched.switches) {
		watch(t, now); /* a new stretch (or none: the next interrupt says) */
		return;
	}
	stuck = now - watched.since_ns;
	if (stuck < thresh_ns)
		return;
	if (mode == SOFTLOCKUP_PANIC)
		report_panic(t, tf, stuck);
	record.pid = t->pid;
	record.eip = tf->eip;
	record.stuck_ns = stuck;
	record.count++;
	watched.since_ns = now; /* reported: the next report after another threshold */
}

void softlockup_configure(enum softlockup_mode new_mode, u64 new_thresh_ns,
			  enum softlockup_mode *old_mode, u64 *old_thresh_ns)
{
	u32 flags = irq_save();

	*old_mode = mode;
	*old_thresh_ns = thresh_ns;
	mode = new_mode;
	thresh_ns = new_thresh_ns;
	memset((void *)&record, 0, sizeof(record));
	watched.task = NULL;
	if (new_thresh_ns)
		ktimer_reprogram(); /* from now on IRQ 0 never stops */
	irq_restore(flags);
}

const volatile struct softlockup_record *softlockup_record(void)
{
	return &record;
}
