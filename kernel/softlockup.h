/*
 * The soft-lockup watchdog: a task that stays in kernel mode, in a system
 * call, without sleeping or going back to user mode for longer than a
 * threshold (virtual time: the monotonic clock) is stuck in a loop, and the
 * kernel is not preemptible, so the machine is hung.  The check runs on
 * every IRQ 0 (kernel/time/clockevent.c), and while the watchdog is on
 * IRQ 0 never stops: the clock event device keeps a tick of at most its
 * longest one-shot (about 55 ms) when no timer is due.
 *
 * The stretch being watched: the same task interrupted in kernel mode,
 * with no system call entered (task.syscall_seq) and no context switch
 * (sched_switch_count) since the first interrupt that found it there.
 * Tasks of pid 0 (kmain, which runs the in-kernel tests, idle, the tty's
 * thread) are not watched.
 *
 * `watchdog=SECONDS` on the command line sets the threshold (0: off); the
 * test image has it at SOFTLOCKUP_TEST_THRESH_NS unless told otherwise, the
 * kernel people boot has it off.  A report panics, naming the task and
 * where it loops (eip, and its backtrace), so that a test run fails loudly
 * instead of hanging; the in-kernel test records it instead
 * (SOFTLOCKUP_RECORD).
 */
#ifndef TICK386_KERNEL_SOFTLOCKUP_H
#define TICK386_KERNEL_SOFTLOCKUP_H

#include "arch/i386/trap.h"
#include "lib/types.h"

#define SOFTLOCKUP_TEST_THRESH_NS 2000000000ull /* 2 s */

enum softlockup_mode { SOFTLOCKUP_PANIC, SOFTLOCKUP_RECORD };

/* The last report in SOFTLOCKUP_RECORD mode (count: reports so far). */
struct softlockup_record {
	u32 count;
	int pid;
	u32 eip;
	u64 stuck_ns; /* how long the task had been in the kernel */
};

/* The command line's watchdog=, else default_thresh_ns (kmain, after
 * clock_init and sched_init). */
void softlockup_init(u64 default_thresh_ns);

/* IRQ 0 came, interrupting tf (interrupts off). */
void softlockup_irq(const struct trap_frame *tf);

/* Whether the watchdog needs IRQ 0 to keep coming (clockevent_stop). */
bool softlockup_active(void);

/*
 * Set the mode and the threshold (0: off), returning the old ones in
 * *old_mode and *old_thresh_ns; the record is cleared.  For the in-kernel
 * test.
 */
void softlockup_configure(enum softlockup_mode mode, u64 thresh_ns, enum softlockup_mode *old_mode,
			  u64 *old_thresh_ns);

/* The record SOFTLOCKUP_RECORD fills, read as it changes (from IRQ 0). */
const volatile struct softlockup_record *softlockup_record(void);

#endif
