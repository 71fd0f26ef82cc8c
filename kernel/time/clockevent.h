/*
 * The clock event device: PIT channel 0 (or HPET timer 0) on IRQ 0, seen by the kernel as
 * "interrupt me at this monotonic deadline" (one-shot) or "tick every N ns"
 * (periodic).  Deadlines are in CLOCK_MONOTONIC nanoseconds.
 *
 * A one-shot can reach at most 65536 PIT ticks (54.9 ms) ahead; a farther
 * deadline is clamped, and the handler, finding nothing due yet, programs
 * the rest: the owner of the handler (the ktimer code) simply re-programs
 * its earliest deadline on every event.  Ticks are rounded up, so the
 * interrupt never comes before the deadline as the PIT counts time.
 *
 * The handler runs from IRQ 0 with interrupts off, after the clock has been
 * updated, and is given the monotonic time of the interrupt.
 */
#ifndef TICK386_KERNEL_CLOCKEVENT_H
#define TICK386_KERNEL_CLOCKEVENT_H

#include "lib/types.h"

typedef void (*clockevent_handler_t)(u64 now_ns);

enum clockevent_device { CLOCKEVENT_PIT, CLOCKEVENT_HPET, CLOCKEVENT_LAPIC, CLOCKEVENT_LAPIC_DEADLINE };

/* Choose the device (the PIT; HPET timer 0 when there is no PIT, or with
 * clockevent=hpet; the local APIC timer with clockevent=lapic, its
 * TSC-deadline mode with clockevent=lapic-deadline), take IRQ 0 (called
 * by clock_init). */
void clockevent_init(void);
/* The clock source changed: the longest one-shot may change with it. */
void clockevent_source_changed(void);
enum clockevent_device clockevent_device(void);
const char *clockevent_name(void); /* "pit", "hpet", "lapic", "lapic-deadline" */
/* Install the handler of events; returns the previous one (tests borrow
 * the device and give it back). */
clockevent_handler_t clockevent_set_handler(clockevent_handler_t fn);

/* One interrupt at (or, for an unreachable deadline, before) deadline_ns;
 * a deadline already past interrupts within one tick.  Replaces whatever
 * was programmed.  Returns the PIT count programmed. */
u32 clockevent_program(u64 deadline_ns);
/* The same; returns the monotonic time of the event asked: deadline_ns, or
 * for a deadline beyond the longest one-shot, the earlier time it ends. */
u64 clockevent_program_event(u64 deadline_ns);
/* Cancel a programmed one-shot (the device goes quiet). */
void clockevent_stop(void);
/* An interrupt every period_ns, rounded to the nearest PIT divisor (clamped
 * to 1..65536 ticks); returns the exact period in PIT ticks.  (HPET: the
 * period in its cycles; the PIT divisor is still returned.) */
u32 clockevent_periodic(u64 period_ns);

/* The longest one-shot, in ns (floor of 65536 ticks; in the PIT clock
 * source mode shorter, see clock.c). */
u64 clockevent_max_delta_ns(void);
/* Events handled since boot. */
unsigned long clockevent_count(void);

#endif
