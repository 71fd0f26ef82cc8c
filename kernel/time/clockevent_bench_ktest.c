/*
 * clockevent_bench: the figures of the clock event device in use, for
 * `make bench-kernel` (mk/bench-kernel.mk boots the test kernel once per
 * device, clockevent=pit|hpet|lapic|lapic-deadline).  Explicit: not part of
 * test=all, it is a benchmark first; its checks are the ones a figure needs
 * to mean anything (no lost or early event, a cost above zero).
 *
 * Rows, as kbench prints them ("kbench: NANOSECONDS NAME", so that
 * bench/kernel/event-table reads them like bench/kernel/table reads
 * kbench's):
 *  - "event DEV: deadline -> handler min|median|max, 1000 one-shots": one-shots
 *    each programmed alone 20..120 us ahead (a spread of phases against the
 *    device's grain) while the CPU halts; the latency is the time the
 *    event handler is given (clockevent.c reads the clock source at its
 *    entry: the best source, the TSC where there is one) less the deadline.
 *    It holds the device's rounding up to its grain, the interrupt's
 *    delivery and the entry path up to that clock read.
 *  - "event DEV: program next event": the median over 1000 calls of
 *    clockevent_program (the work the timer code does for every next
 *    event: clock read, ns to device units, the device's registers),
 *    bracketed by clock reads, less two clock reads with nothing between.
 *    Under QEMU -icount shift=3 this is 8 ns a guest instruction, exactly.
 */
#include "arch/i386/cpu.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "kernel/time/clocksource.h"

#define BENCH_SAMPLES 1000

/* Written by the handler (interrupts off), read by the case between halts. */
static volatile unsigned bench_events;
static volatile u64 bench_event_ns;
static s64 bench_v[BENCH_SAMPLES];

static void bench_record(u64 now)
{
	if (!bench_events)
		bench_event_ns = now;
	bench_events++;
}

/* Insertion sort: 1000 values, once per row; no allocation in a test. */
static void bench_sort(s64 *v, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		s64 x = v[i];
		unsigned j = i;

		for (; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static void bench_row(const char *what, s64 ns)
{
	kprintf("kbench: %lld.0 event %s: %s\n", (long long)ns, clockevent_name(), what);
}

/* Spread over 20..120 us by a multiplicative hash: the same every run. */
static u64 bench_delta(unsigned i)
{
	return 20000 + (u64)((i * 2654435761u) >> 12) % 100000;
}

static void test_deadline_to_handler(struct ktest *t)
{
	clockevent_handler_t old = clockevent_set_handler(bench_record);
	unsigned lost = 0, n = 0;

	kprintf("# clock event device %s, clock source %s\n", clockevent_name(),
		clocksource_name(clock_source()));
	for (unsigned i = 0; i < BENCH_SAMPLES; i++) {
		u64 deadline, end;

		cpu_cli();
		bench_events = 0;
		deadline = clock_monotonic_ns() + bench_delta(i);
		clockevent_program(deadline);
		end = deadline + 10000000; /* 10 ms: lost */
		while (!bench_events && clock_monotonic_ns() < end) {
			cpu_sti_hlt();
			cpu_cli();
		}
		cpu_sti();
		if (!bench_events)
			lost++;
		else
			bench_v[n++] = (s64)(bench_event_ns - deadline);
	}
	clockevent_stop();
	clockevent_set_handler(old);
	if (old)
		old(clock_monotonic_ns());
	KEXPECT_EQ(t, lost, 0);
	KASSERT_TRUE(t, n > 0);
	bench_sort(bench_v, n);
	/* never early (beyond a calibrated device's rounding: 500 ns, as the
	 * clockevent suite allows) */
	KEXPECT_GE(t, bench_v[0], -500);
	bench_row("deadline -> handler min, 1000 one-shots", bench_v[0]);
	bench_row("deadline -> handler median, 1000 one-shots", bench_v[n / 2]);
	bench_row("deadline -> handler max, 1000 one-shots", bench_v[n - 1]);
}

static void test_program_next_event(struct ktest *t)
{
	clockevent_handler_t old = clockevent_set_handler(bench_record);
	u32 flags = irq_save();
	s64 pair, cost;
	u64 base;

	for (unsigned i = 0; i < BENCH_SAMPLES; i++) {
		u64 a = clock_monotonic_ns();
		u64 b = clock_monotonic_ns();

		bench_v[i] = (s64)(b - a);
	}
	bench_sort(bench_v, BENCH_SAMPLES);
	pair = bench_v[BENCH_SAMPLES / 2];
	base = clock_monotonic_ns() + 10000000; /* 10 ms: none fires meanwhile */
	for (unsigned i = 0; i < BENCH_SAMPLES; i++) {
		u64 a = clock_monotonic_ns(), b;

		clockevent_program(base + bench_delta(i));
		b = clock_monotonic_ns();
		bench_v[i] = (s64)(b - a);
	}
	bench_sort(bench_v, BENCH_SAMPLES);
	cost = bench_v[BENCH_SAMPLES / 2] - pair;
	clockevent_stop();
	irq_restore(flags);
	clockevent_set_handler(old);
	if (old)
		old(clock_monotonic_ns());
	KEXPECT_GT(t, cost, 0);
	bench_row("program next event", cost);
}

KTEST_SUITE_FLAGS(clockevent_bench, KTEST_EXPLICIT, KTEST_CASE(test_deadline_to_handler),
		  KTEST_CASE(test_program_next_event));
