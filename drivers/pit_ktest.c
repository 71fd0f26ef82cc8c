/*
 * The PIT as the kernel uses it, measured against the TSC: the periodic
 * rate, one-shots against their deadlines, the clamp of far deadlines, the
 * latched count, and the TSC frequency by two independent methods.
 *
 * They run when the PIT is the clock event device (else they skip: the
 * generic suite clockevent covers the HPET).
 *
 * The tests borrow the clock event device (clockevent_set_handler) and give
 * it back re-armed for whatever its owner had due.
 */
#include "arch/i386/cpu.h"
#include "drivers/pit.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "kernel/time/clockevent_ktest.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"

#define MAX_EVENTS 64

static volatile unsigned n_events;
static u64 event_ns[MAX_EVENTS];
static u64 event_tsc[MAX_EVENTS];

static void record(u64 now)
{
	if (n_events < MAX_EVENTS) {
		event_ns[n_events] = now;
		event_tsc[n_events] = rdtsc();
	}
	n_events++;
}

/* Spin with interrupts on for ns (no halt: nothing may be armed). */
static void spin_ns(u64 ns)
{
	u64 end = clock_monotonic_ns() + ns;
	cpu_sti();
	while (clock_monotonic_ns() < end)
		;
}

static u64 rng_state = 0x9E3779B97F4A7C15ull;
static u32 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (u32)(rng_state >> 16);
}

static void check_periodic(struct ktest *t, u32 divisor_asked_ticks, unsigned events)
{
	u64 period = pit_ticks_to_ns(divisor_asked_ticks);
	clockevent_handler_t old = clockevent_ktest_borrow(record, &n_events);
	u32 divisor = clockevent_periodic(pit_ticks_to_ns_ceil(divisor_asked_ticks));
	clockevent_ktest_wait(&n_events, events + 1, (u64)(events + 4) * period);
	clockevent_ktest_give_back(old);

	KEXPECT_EQ(t, divisor, divisor_asked_ticks);
	KASSERT_TRUE(t, n_events >= events + 1);
	/* from the first event on (the first period starts at programming) */
	u64 total = event_ns[events] - event_ns[0];
	u64 expect = pit_ticks_to_ns(divisor) * events;
	s64 diff = (s64)(total - expect);
	KEXPECT_LT(t, diff < 0 ? -diff : diff, (s64)(expect / 1000)); /* 0.1% */
	/* every single period within 2 us of its nominal length */
	for (unsigned i = 1; i <= events; i++) {
		s64 d = (s64)(event_ns[i] - event_ns[i - 1]) - (s64)period;
		KEXPECT_LT(t, d < 0 ? -d : d, 2000);
	}
	kprintf("        # periodic divisor %u: %u periods in %llu ns, nominal %llu ns\n", divisor,
		events, total, expect);
}

static void test_periodic_rate(struct ktest *t)
{
	if (clockevent_device() != CLOCKEVENT_PIT) {
		ktest_skip(t, "the clock event device is not the PIT");
		return;
	}
	check_periodic(t, 1193, 40);  /* ~1 kHz */
	check_periodic(t, 11932, 20); /* ~100 Hz */
	check_periodic(t, 65536, 5);  /* the slowest: 18.2 Hz */
	check_periodic(t, 100, 40);   /* 11.9 kHz */
}

static void test_oneshot_error(struct ktest *t)
{
	if (clockevent_device() != CLOCKEVENT_PIT) {
		ktest_skip(t, "the clock event device is not the PIT");
		return;
	}
	clockevent_handler_t old = clockevent_ktest_borrow(record, &n_events);
	u64 max_err = 0, sum_err = 0, sum_lat = 0, max_lat = 0;
	s64 min_err = INT64_MAX;
	unsigned lost = 0, runs = 1000;

	for (unsigned i = 0; i < runs; i++) {
		/* 1 us .. 50 ms, log-uniform-ish: short ones matter most */
		u64 delta = 1000 + (rng() % (1u << (rng() % 16 + 10))) * 48;
		if (delta > 50000000)
			delta = 50000000;
		if (delta > clockevent_max_delta_ns()) /* no clamped one-shot here */
			delta = clockevent_max_delta_ns();
		n_events = 0;
		u64 deadline = clock_monotonic_ns() + delta;
		u32 ticks = clockevent_program(deadline);
		u64 armed = clock_monotonic_ns();
		clockevent_ktest_wait(&n_events, 1, delta + 1000000);
		if (n_events != 1) {
			lost++;
			continue;
		}
		s64 err = (s64)(event_ns[0] - deadline);
		/* latency: from the terminal count (as the PIT counts it from
		 * the write of the count) to the handler's clock read */
		s64 lat = (s64)(event_ns[0] - armed - pit_ticks_to_ns(ticks));
		sum_lat += lat > 0 ? (u64)lat : 0;
		if (lat > 0 && (u64)lat > max_lat)
			max_lat = (u64)lat;
		if (err < min_err)
			min_err = err;
		if (err > 0 && (u64)err > max_err)
			max_err = (u64)err;
		sum_err += err > 0 ? (u64)err : 0;
	}
	clockevent_ktest_give_back(old);
	KEXPECT_EQ(t, lost, 0);
	/* never early beyond the calibration error of the TSC (10 ppm of
	 * 50 ms = 500 ns), never late by more than a tick and some handling:
	 * 5 us with the TSC, 10 us when the clock is read through I/O ports
	 * (the PIT source without a TSC: its reads cost microseconds) */
	KEXPECT_GE(t, min_err, -500);
	KEXPECT_LT(t, max_err, 838 + (clock_source() == CLOCK_SOURCE_TSC ? 5000 : 10000));
	kprintf("# oneshot error: %u one-shots of 1 us..50 ms: mean %llu ns, max %llu ns, "
		"min %lld ns (PIT tick 838.1 ns)\n",
		runs - lost, sum_err / (runs - lost ? runs - lost : 1), max_err,
		(long long)min_err);
	kprintf("# oneshot latency (terminal count to handler): mean %llu ns, max %llu ns\n",
		sum_lat / (runs - lost ? runs - lost : 1), max_lat);
}

static void test_oneshot_far_deadline_is_clamped(struct ktest *t)
{
	if (clockevent_device() != CLOCKEVENT_PIT) {
		ktest_skip(t, "the clock event device is not the PIT");
		return;
	}
	clockevent_handler_t old = clockevent_ktest_borrow(record, &n_events);
	u64 start = clock_monotonic_ns();
	u32 ticks = clockevent_program(start + 300000000ull); /* 300 ms */
	clockevent_ktest_wait(&n_events, 1, 100000000);
	clockevent_ktest_give_back(old);
	KEXPECT_EQ(t, ticks, clockevent_max_delta_ns() >= 54000000 ? 65536 : 32768);
	KASSERT_TRUE(t, n_events >= 1);
	u64 got = event_ns[0] - start;
	KEXPECT_GE(t, got, clockevent_max_delta_ns() - 1000);
	KEXPECT_LT(t, got, clockevent_max_delta_ns() + 10000);
	/* a deadline in the past still interrupts, within a tick or so */
	old = clockevent_ktest_borrow(record, &n_events);
	start = clock_monotonic_ns();
	KEXPECT_EQ(t, clockevent_program(start - 1000000 < start ? start - 1000000 : 0), 1);
	clockevent_ktest_wait(&n_events, 1, 10000000);
	clockevent_ktest_give_back(old);
	KASSERT_TRUE(t, n_events >= 1);
	KEXPECT_LT(t, event_ns[0] - start, 10000);
}

static void test_oneshot_fires_once(struct ktest *t)
{
	if (clockevent_device() != CLOCKEVENT_PIT) {
		ktest_skip(t, "the clock event device is not the PIT");
		return;
	}
	clockevent_handler_t old = clockevent_ktest_borrow(record, &n_events);
	clockevent_program(clock_monotonic_ns() + 1000000);
	clockevent_ktest_wait(&n_events, 1, 30000000);
	spin_ns(30000000); /* well past: a second event would be a bug */
	clockevent_ktest_give_back(old);
	KEXPECT_EQ(t, n_events, 1);
}

static void test_latched_count(struct ktest *t)
{
	if (clockevent_device() != CLOCKEVENT_PIT) {
		ktest_skip(t, "the clock event device is not the PIT");
		return;
	}
	/* mode 2 with 65536: the latched count falls from 65536 (read 0) to
	 * 1 at PIT_HZ; its progress must match the TSC's */
	clockevent_handler_t old = clockevent_ktest_borrow(record, &n_events);
	u32 flags = irq_save();
	pit_ch0_periodic(PIT_DIVISOR_MAX);
	u16 c0 = pit_ch0_read();
	u64 t0 = clock_monotonic_ns();
	while (clock_monotonic_ns() - t0 < 10000000)
		;
	u16 c1 = pit_ch0_read();
	u64 t1 = clock_monotonic_ns();
	irq_restore(flags);
	clockevent_ktest_give_back(old);
	u32 ticks = (u16)(c0 - c1); /* down-counter, mod 65536 */
	u64 expect = pit_ns_to_ticks(t1 - t0);
	KEXPECT_LE(t, ticks, expect + 3);
	KEXPECT_GE(t, ticks + 3, expect);
	KEXPECT_GT(t, ticks, 11000); /* 10 ms is 11932 ticks */
}

static void test_tsc_two_methods(struct ktest *t)
{
	if (clockevent_device() != CLOCKEVENT_PIT) {
		ktest_skip(t, "the clock event device is not the PIT");
		return;
	}
	if (clock_source() != CLOCK_SOURCE_TSC) {
		ktest_skip(t, "no TSC clock source");
		return;
	}
	/* method 1: PIT channel 2 gate, mode 0, 65535 ticks (54.9 ms) */
	u64 hz_gate = clock_calibrate_tsc_pit(65535);
	/* method 2: IRQ 0 in mode 2, TSC read in the handler, over 20
	 * periods of 11932 ticks (200 ms): interrupt latency cancels out */
	clockevent_handler_t old = clockevent_ktest_borrow(record, &n_events);
	clockevent_periodic(pit_ticks_to_ns(11932));
	clockevent_ktest_wait(&n_events, 22, 400000000);
	clockevent_ktest_give_back(old);
	KASSERT_TRUE(t, n_events >= 22);
	u64 hz_irq = clockmath_muldiv(event_tsc[21] - event_tsc[1], PIT_HZ, 20 * 11932);
	s64 diff = (s64)(hz_gate - hz_irq);
	KEXPECT_LT(t, diff < 0 ? -diff : diff, (s64)(hz_gate / 1000));
	diff = (s64)(hz_gate - clock_tsc_hz());
	KEXPECT_LT(t, diff < 0 ? -diff : diff, (s64)(hz_gate / 1000));
	kprintf("# tsc frequency: boot %llu Hz, channel 2 gate %llu Hz, IRQ 0 ticks %llu Hz\n",
		clock_tsc_hz(), hz_gate, hz_irq);
}

KTEST_SUITE(pit, KTEST_CASE(test_periodic_rate), KTEST_CASE(test_oneshot_error),
	    KTEST_CASE(test_oneshot_far_deadline_is_clamped), KTEST_CASE(test_oneshot_fires_once),
	    KTEST_CASE(test_latched_count), KTEST_CASE(test_tsc_two_methods));
