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
#include "kernel/time/clock.h"
#include "kernel/trace.h"

static clockevent_handler_t handler;
static unsigned long events;
static u32 max_ticks = PIT_DIVISOR_MAX;

static void clockevent_irq(struct trap_frame *tf, void *ctx)
{
	(void)tf;
	(void)ctx;
	clock_irq_update();
	events++;
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

u32 clockevent_program(u64 deadline_ns)
{
	u32 flags = irq_save();
	u64 now = clock_monotonic_ns();
	u64 ticks = deadline_ns > now
			? pit_ns_to_ticks_ceil(clock_monotonic_to_raw_delta(deadline_ns - now))
			: 1;

	if (ticks < 1)
		ticks = 1;
	if (ticks > max_ticks)
		ticks = max_ticks;
	pit_ch0_oneshot((u32)ticks);
	trace_event(TRACE_PIT, TRACE_PID_CURRENT, -1, ticks, deadline_ns);
	irq_restore(flags);
	return (u32)ticks;
}

void clockevent_stop(void)
{
	/*
	 * With the TSC the device really goes quiet: no tick while nothing
	 * is due.  (QEMU still delivers a one-shot programmed before; the
	 * handler then finds nothing due.)  With the PIT clock source the
	 * longest one-shot keeps channel 2 folded into the clock.
	 */
	if (clock_source() == CLOCK_SOURCE_PIT)
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
	return pit_ticks_to_ns(max_ticks);
}

unsigned long clockevent_count(void)
{
	return events;
}
