/*
 * What the in-kernel tests of a clock event device share (drivers/pit_ktest.c,
 * kernel/time/clockevent_ktest.c): they borrow the device from its owner
 * (clockevent_set_handler), count its events in their own handler, and give
 * it back re-armed for whatever the owner had due.  Test images only.
 */
#ifndef TICK386_KERNEL_CLOCKEVENT_KTEST_H
#define TICK386_KERNEL_CLOCKEVENT_KTEST_H

#include "arch/i386/cpu.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"

/* Take the device for fn, with the test's event counter at 0: the owner's
 * handler, for clockevent_ktest_give_back. */
static inline clockevent_handler_t clockevent_ktest_borrow(clockevent_handler_t fn,
							   volatile unsigned *events)
{
	*events = 0;
	return clockevent_set_handler(fn);
}

static inline void clockevent_ktest_give_back(clockevent_handler_t old)
{
	clockevent_stop();
	clockevent_set_handler(old);
	/* let the owner re-program its next deadline */
	if (old)
		old(clock_monotonic_ns());
}

/*
 * Halt until *events reaches count or limit_ns has passed.  Only while an
 * event is to come: under -icount with sleep=off a guest halted with no
 * timer armed in QEMU is never woken.  The test runs with interrupts off
 * and sti;hlt is one step, so an event between the test and the halt is
 * not slept through.
 */
static inline void clockevent_ktest_wait(const volatile unsigned *events, unsigned count,
					 u64 limit_ns)
{
	u64 end = clock_monotonic_ns() + limit_ns;

	for (;;) {
		cpu_cli();
		if (*events >= count || clock_monotonic_ns() >= end)
			break;
		cpu_sti_hlt();
	}
	cpu_sti();
}

#endif
