/*
 * The clock event device: PIT channel 0, or on a machine without a PIT
 * (or with clockevent=hpet) HPET timer 0, which the HPET's legacy
 * replacement routing puts on IRQ 0 too: the interrupt path is the same.
 *
 * PIT one-shots use mode 0: the control word drives OUT low, the count starts
 * on the next input clock, and OUT rises (an edge on IRQ 0) at the terminal
 * count, once.  Periodic events use mode 2, which reloads the divisor by
 * itself.  Nanoseconds become ticks rounded up, so the PIT's own time from
 * programming to interrupt is never shorter than asked.
 */
#include "kernel/time/clockevent.h"
#include "arch/i386/cpu.h"
#include "arch/i386/lapic.h"
#include "arch/i386/pic.h"
#include "drivers/acpi.h"
#include "drivers/hpet.h"
#include "drivers/pit.h"
#include "kernel/bootinfo.h"
#include "kernel/printk.h"
#include "kernel/softlockup.h"
#include "kernel/time/clock.h"
#include "kernel/time/clocksource.h"
#include "lib/string.h"
#include "kernel/trace.h"
#include "lib/clockmath.h"
#include "lib/div64.h"

#define HPET_MAX_DELTA_NS 1000000000ull /* a second: the ktimer code asks again */

static clockevent_handler_t handler;
static unsigned long events;
static enum clockevent_device device; /* chosen at boot */
static u32 max_ticks = PIT_DIVISOR_MAX;
static u64 max_delta_ns; /* the longest one-shot, kept: asked every event */
/* While the soft-lockup watchdog is on it wants a tick of at most the
 * PIT's longest one-shot (kernel/softlockup.h): the HPET's and the local
 * APIC's second is cut to that. */
#define WATCHDOG_TICK_NS 54925000ull

static u64 lapic_hz; /* the local APIC timer's count rate, calibrated at boot */
static u64 tsc_khz;  /* lapic-deadline: the TSC's kHz, rounded up */

static void clockevent_event(struct trap_frame *tf)
{
	events++;
	softlockup_irq(tf); /* is the task it interrupted stuck in the kernel? */
	trace_event(TRACE_IRQ0, TRACE_PID_CURRENT, -1, 0, 0);
	if (handler)
		handler(clock_monotonic_ns());
	else if (clocksource_fold_interval_ns(clock_source()))
		clockevent_stop(); /* keeps a narrow clock source folding */
	trace_event(TRACE_IRQ0_EXIT, TRACE_PID_CURRENT, -1, 0, 0);
}

static void clockevent_irq(struct trap_frame *tf, void *ctx)
{
	(void)ctx;
	clock_irq_update();
	/* the HPET's 32-bit wrap interrupt: its one-shot is still armed */
	if (device == CLOCKEVENT_HPET && hpet_timer0_pending())
		return;
	if (device >= CLOCKEVENT_LAPIC)
		return; /* IRQ 0 is not the device's */
	clockevent_event(tf);
}

/* The local APIC timer's vector (not an 8259 IRQ: trap_dispatch calls it
 * as a handler of its own).  EOI first, as irq_dispatch does: the handler
 * may switch tasks. */
static void lapic_timer_irq(struct trap_frame *tf)
{
	lapic_eoi();
	clock_irq_update();
	clockevent_event(tf);
}

/*
 * The local APIC timer's rate against the clock in use, over 50 ms: each
 * count read sits between two clock reads, whose midpoint is its time.
 * Two parts per million are added: a rate taken too high makes events
 * late by at most 2 us a second, one taken too low would make them early.
 */
static u64 lapic_calibrate(void)
{
	u32 flags = irq_save();
	u64 a0, b0, a1, b1, ns, hz;
	u32 c0, c1;

	lapic_timer_oneshot(0xFFFFFFFFu);
	a0 = clock_raw_ns();
	c0 = lapic_timer_current();
	b0 = clock_raw_ns();
	do {
		a1 = clock_raw_ns();
	} while (a1 - a0 < 50000000);
	c1 = lapic_timer_current();
	b1 = clock_raw_ns();
	lapic_timer_stop();
	irq_restore(flags);
	ns = (a1 + b1) / 2 - (a0 + b0) / 2;
	hz = clockmath_muldiv(c0 - c1, NSEC_PER_SEC / 1000, (u32)(ns / 1000));
	return hz + hz / 500000;
}

/* The local APIC timer as the device, if clockevent= asks for it. */
static bool lapic_choose(const char *want)
{
	const struct acpi_info *acpi = acpi_tables();
	bool deadline = strcmp(want, "lapic-deadline") == 0;

	if (strcmp(want, "lapic") != 0 && !deadline)
		return false;
	if (lapic_init(acpi && acpi->have_madt ? acpi->lapic_phys : 0xFEE00000u, lapic_timer_irq) < 0)
		return false;
	lapic_hz = lapic_calibrate();
	if (lapic_hz < 1000000 || lapic_hz > 0xFFFFFFFFu) {
		kprintf("clockevent: local APIC timer at %llu Hz: not used\n", lapic_hz);
		return false;
	}
	kprintf("clockevent: local APIC timer %llu Hz, calibrated against %s\n", lapic_hz,
		clocksource_name(clock_source()));
	device = CLOCKEVENT_LAPIC;
	if (deadline) {
		if (lapic_has_tsc_deadline() && clock_tsc_calibrated_hz()) {
			tsc_khz = (clock_tsc_calibrated_hz() + 999) / 1000;
			device = CLOCKEVENT_LAPIC_DEADLINE;
		} else {
			kprintf("clockevent: no TSC-deadline mode (CPUID.1:ECX bit 24) or no "
				"TSC: the one-shot mode\n");
		}
	}
	return true;
}

/*
 * A clock source narrower than 64 bits is folded into the clock on every
 * event: events must then come at least twice a wrap.  With the PIT as
 * clock source (a wrap every 65536 ticks) a PIT one-shot is at most half
 * of it; the PM timer's half wrap (2.3 s) is beyond any one-shot.
 */
void clockevent_source_changed(void)
{
	u64 fold = clocksource_fold_interval_ns(clock_source());
	u32 flags = irq_save();

	if (device == CLOCKEVENT_PIT) {
		max_ticks = clock_source() == CLOCK_SOURCE_PIT ? PIT_DIVISOR_MAX / 2 : PIT_DIVISOR_MAX;
		max_delta_ns = pit_ticks_to_ns(max_ticks);
	} else {
		max_delta_ns = HPET_MAX_DELTA_NS; /* a second: also the local APIC's */
	}
	if (fold && fold < max_delta_ns) {
		/* whole PIT ticks, so that the longest one-shot is max_delta_ns */
		if (device == CLOCKEVENT_PIT) {
			max_ticks = (u32)pit_ns_to_ticks(fold);
			max_delta_ns = pit_ticks_to_ns(max_ticks);
		} else {
			max_delta_ns = fold;
		}
	}
	if (fold)
		clockevent_stop(); /* starts the folding chain of one-shots */
	irq_restore(flags);
}

void clockevent_init(void)
{
	char want[16] = "";

	bootinfo_cmdline_get("clockevent", want, sizeof(want));
	device = CLOCKEVENT_PIT;
	if (lapic_choose(want))
		; /* the local APIC timer */
	else if (hpet_present() && (!clock_pit_present() || strcmp(want, "hpet") == 0))
		device = CLOCKEVENT_HPET;
	else if (want[0] && strcmp(want, "pit") != 0)
		kprintf("clockevent: clockevent=%s: no such usable device\n", want);
	if (device == CLOCKEVENT_PIT && !clock_pit_present())
		kprintf("clockevent: WARNING: no PIT and no HPET: no timer interrupts\n");
	/* the firmware leaves channel 0 ticking at 18.2 Hz on the same
	 * IRQ 0: quiet it when the HPET takes the line */
	if (device != CLOCKEVENT_PIT && clock_pit_present())
		pit_ch0_halt();
	irq_register(IRQ_PIT, clockevent_irq, NULL);
	if (device >= CLOCKEVENT_LAPIC)
		kprintf("clockevent: %s on vector %#x\n", clockevent_name(), LAPIC_TIMER_VECTOR);
	else
		kprintf("clockevent: %s on IRQ 0%s\n", clockevent_name(),
			device == CLOCKEVENT_HPET ? " (legacy replacement routing)" : "");
	clockevent_source_changed();
}

enum clockevent_device clockevent_device(void)
{
	return device;
}

const char *clockevent_name(void)
{
	static const char *const names[] = { "pit", "hpet", "lapic", "lapic-deadline" };

	return names[device];
}

/* The longest one-shot now (the watchdog may shorten it). */
static u64 max_delta(void)
{
	return softlockup_active() && max_delta_ns > WATCHDOG_TICK_NS ? WATCHDOG_TICK_NS
								    : max_delta_ns;
}

/* The HPET one-shot: ns (under max_delta_ns) to counter cycles, rounded
 * up, so the interrupt never comes before the deadline. */
static u32 hpet_program(u64 raw_ns)
{
	u64 cycles = clockmath_muldiv_ceil(raw_ns, (u32)hpet_hz(), NSEC_PER_SEC);

	if (cycles < 1)
		cycles = 1;
	hpet_timer0_oneshot(cycles);
	return (u32)cycles;
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
	if (device != CLOCKEVENT_PIT) {
		u64 raw = deadline_ns > now ? clock_monotonic_to_raw_delta(deadline_ns - now) : 0;
		u64 longest = max_delta();

		if (raw >= longest) {
			raw = longest;
			if (deadline_ns - now > longest)
				*event_ns = now + longest;
		}
		if (device == CLOCKEVENT_HPET) {
			ticks = hpet_program(raw);
		} else if (device == CLOCKEVENT_LAPIC) {
			/* counts rounded up: never before the deadline */
			ticks = (u32)clockmath_muldiv_ceil(raw, (u32)lapic_hz, NSEC_PER_SEC);
			lapic_timer_oneshot(ticks ? ticks : 1);
		} else {
			u64 cycles = clockmath_muldiv_ceil(raw, (u32)tsc_khz, 1000000);

			lapic_timer_deadline(rdtsc() + cycles + 1);
			ticks = (u32)cycles;
		}
		trace_event(TRACE_PIT, TRACE_PID_CURRENT, -1, ticks, deadline_ns);
		irq_restore(flags);
		return ticks;
	}
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
	 * handler then finds nothing due.)  With a narrow clock source (PIT,
	 * PM timer) the longest one-shot keeps it folded into the clock; with
	 * the soft-lockup watchdog on, it keeps the watchdog's check coming.
	 */
	if (clocksource_fold_interval_ns(clock_source()) || softlockup_active())
		clockevent_program(clock_monotonic_ns() + max_delta());
	else if (device == CLOCKEVENT_HPET)
		hpet_timer0_stop();
	else if (device >= CLOCKEVENT_LAPIC)
		lapic_timer_stop();
	else
		pit_ch0_halt();
}

u32 clockevent_periodic(u64 period_ns)
{
	u32 divisor = pit_divisor_for_period(period_ns);

	if (device == CLOCKEVENT_HPET)
		hpet_timer0_periodic(clockmath_muldiv(period_ns, (u32)hpet_hz(), NSEC_PER_SEC));
	else if (device >= CLOCKEVENT_LAPIC) /* the deadline mode has no period */
		lapic_timer_periodic((u32)clockmath_muldiv(period_ns, (u32)lapic_hz, NSEC_PER_SEC));
	else
		pit_ch0_periodic(divisor);
	return divisor;
}

u64 clockevent_max_delta_ns(void)
{
	return max_delta();
}

unsigned long clockevent_count(void)
{
	return events;
}
