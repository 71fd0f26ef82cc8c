/*
 * PIT channel 0 as the clock event device.
 *
 * One-shots use mode 0: the control word drives OUT low, the count starts
 * on the next input clock, and OUT rises (an edge on IRQ 0) at the terminal
 * count, once.  Periodic events use mode 2, which reloads the divisor by
 * itself.  Nanoseconds become ticks rounded up, so the PIT's own time from
 * programming to interrupt is never shorter than asked.
 */
#include "kernel/time/clockevent.h"
#include "arch/i386/cpu.h"
#include "arch/i386/pic.h"
#include "drivers/pit.h"
#include "kernel/softlockup.h"
#include "kernel/time/clock.h"
#include "kernel/trace.h"
#include "lib/clockmath.h"
#include "lib/div64.h"

static clockevent_handler_t handler;
static unsigned long events;
static u32 max_ticks = PIT_DIVISOR_MAX;
static u64 max_delta_ns; /* pit_ticks_to_ns(max_ticks), kept: asked every event */

static void clockevent_irq(struct trap_frame *tf, void *ctx)
{
	(void)ctx;
	clock_irq_update();
	events++;
	softlockup_irq(tf); /* is the task it interrupted stuck in the kernel? */
	trace_event(TRACE_IRQ0, TRACE_PID_CURRENT, -1, 0, 0);
	if (handler)
		handler(clock_monotonic_ns());
	else if (clock_source() == CLOCK_SOURCE_PIT)
		clockevent_stop(); /* keeps the PIT clock source folding */
	trace_event(TRACE_IRQ0_EXIT, TRACE_PID_CURRENT, -1, 0, 0);
}

void clockevent_init(void)
{
	/*
	 * With the PIT as clock source, channel 2 wraps every 65536 ticks
	 * and is folded into the clock on every event: events must then
	 * come at least twice a wrap, so a one-shot is at most half of it.
	 */
	if (clock_source() == CLOCK_SOURCE_PIT)
		max_ticks = PIT_DIVISOR_MAX / 2;
	max_delta_ns = pit_ticks_to_ns(max_ticks);
	irq_register(IRQ_PIT, clockevent_irq, NULL);
	if (clock_source() == CLOCK_SOURCE_PIT)
		clockevent_stop();
}

clockevent_handler_t clockevent_set_handler(clockevent_handler_t fn)
{
	u32 flags = irq_save();
	clockevent_handler_t old = handler;
	handler = fn;
	irq_restore(flags);
	return old;
}

/*
 * ceil(ns * PIT_HZ / 10^9) for ns < max_delta_ns (under 2^26): the product
 * is under 2^47, so one divl does the division (lib/div64.h), where
 * pit_ns_to_ticks_ceil's general 64-bit form took two and its call
 * (make profile-path PATH_NAME=deadline: 41 instructions).
 */
static u32 ns_to_ticks_ceil(u32 ns)
{
	u64 product = (u64)ns * PIT_HZ;
	u32 rem, ticks = div64_narrow((u32)(product >> 32), (u32)product, NSEC_PER_SEC, &rem);

	return ticks + (rem != 0);
}

/* Program the one-shot; returns its count, *event_ns the monotonic time
 * it stands for (deadline_ns, or now + max_delta_ns when that is earlier). */
static u32 program(u64 deadline_ns, u64 *event_ns)
{
	u32 flags = irq_save();
	u64 now = clock_monotonic_ns();
	u32 ticks = 1;

	*event_ns = deadline_ns;
	if (deadline_ns > now) {
		u64 raw = clock_monotonic_to_raw_delta(deadline_ns - now);

		if (raw < max_delta_ns) {
			ticks = ns_to_ticks_ceil((u32)raw);
			if (ticks < 1)
				ticks = 1;
		} else {
			ticks = max_ticks;
			if (deadline_ns - now > max_delta_ns)
				*event_ns = now + max_delta_ns;
		}
	}
	pit_ch0_oneshot(ticks);
	trace_event(TRACE_PIT, TRACE_PID_CURRENT, -1, ticks, deadline_ns);
	irq_restore(flags);
	return ticks;
}

u32 clockevent_program(u64 deadline_ns)
{
	u64 event_ns;

	return program(deadline_ns, &event_ns);
}

u64 clockevent_program_event(u64 deadline_ns)
{
	u64 event_ns;

	program(deadline_ns, &event_ns);
	return event_ns;
}

void clockevent_stop(void)
{
	/*
	 * With the TSC the device really goes quiet: no tick while nothing
	 * is due.  (QEMU still delivers a one-shot programmed before; the
	 * handler then finds nothing due.)  With the PIT clock source the
	 * longest one-shot keeps channel 2 folded into the clock; with the
	 * soft-lockup watchdog on, it keeps the watchdog's check coming.
	 */
	if (clock_source() == CLOCK_SOURCE_PIT || softlockup_active())
		pit_ch0_oneshot(max_ticks);
	else
		pit_ch0_halt();
}

u32 clockevent_periodic(u64 period_ns)
{
	u32 divisor = pit_divisor_for_period(period_ns);
	pit_ch0_periodic(divisor);
	return divisor;
}

u64 clockevent_max_delta_ns(void)
{
	return max_delta_ns;
}

unsigned long clockevent_count(void)
{
	return events;
}
