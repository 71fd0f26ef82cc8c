/*
 * CLOCK_MONOTONIC and CLOCK_REALTIME: monotonic under interrupts on and
 * off (including a stretch with interrupts off for many ticks), realtime
 * set and restored, resolution, and the RTC's time against the host's
 * (host_epoch=SECONDS on the command line, from mk/ktest.mk).
 */
#include "arch/i386/cpu.h"
#include "kernel/bootinfo.h"
#include "kernel/time/clock.h"
#include "kernel/time/clockevent.h"
#include "kernel/ktest.h"
#include "kernel/printk.h"
#include "lib/clockmath.h"
#include <abi/time.h>

static volatile unsigned long ticks_seen;

static void count_tick(u64 now)
{
	(void)now;
	ticks_seen++;
}

static void test_monotonic_never_decreases(struct ktest *t)
{
	/* 1 kHz of IRQ 0 meanwhile, so that reads straddle interrupts */
	clockevent_handler_t old = clockevent_set_handler(count_tick);
	unsigned long backwards = 0, reads = 0;
	u64 prev = clock_monotonic_ns(), start = prev, max_step = 0;

	ticks_seen = 0;
	clockevent_periodic(1000000);
	for (int round = 0; round < 20; round++) {
		bool off = round & 1;
		u32 flags = 0;
		/* odd rounds: interrupts off for 3..12 ms, several ticks */
		u64 len = off ? 3000000ull * (1 + round % 4) : 5000000;
		if (off)
			flags = irq_save();
		u64 end = clock_monotonic_ns() + len;
		for (;;) {
			u64 now = clock_monotonic_ns();
			reads++;
			if (now < prev)
				backwards++;
			if (now - prev > max_step)
				max_step = now - prev;
			prev = now;
			if (now >= end)
				break;
		}
		if (off)
			irq_restore(flags);
	}
	clockevent_stop();
	clockevent_set_handler(old);
	if (old)
		old(clock_monotonic_ns());
	KEXPECT_EQ(t, backwards, 0);
	KEXPECT_GT(t, ticks_seen, 30);		   /* the interrupts did come */
	KEXPECT_LT(t, max_step, 100000);	   /* no jump: resumes where it was */
	KEXPECT_GE(t, prev - start, 140000000ull); /* 10 x 5 ms on, 5 x 6 + 5 x 12 ms off */
	kprintf("        # %lu reads over %llu ns, %lu ticks, largest step %llu ns\n", reads,
		prev - start, ticks_seen, max_step);
}

static void test_monotonic_follows_pit(struct ktest *t)
{
	/* 100 ms of clock against 100 ms of PIT ticks counted by IRQ 0 */
	clockevent_handler_t old = clockevent_set_handler(count_tick);
	ticks_seen = 0;
	clockevent_periodic(pit_ticks_to_ns(11932));
	while (ticks_seen < 1)
		cpu_sti_hlt();
	u64 t0 = clock_monotonic_ns();
	while (ticks_seen < 11)
		cpu_sti_hlt();
	u64 t1 = clock_monotonic_ns();
	clockevent_stop();
	clockevent_set_handler(old);
	if (old)
		old(clock_monotonic_ns());
	u64 want = pit_ticks_to_ns(10 * 11932);
	s64 d = (s64)(t1 - t0 - want);
	KEXPECT_LT(t, d < 0 ? -d : d, (s64)(want / 10000)); /* 100 ppm */
}

static void test_realtime_set(struct ktest *t)
{
	u64 before = clock_realtime_ns();
	u64 mono0 = clock_monotonic_ns();
	KEXPECT_GT(t, before, 1577836800ull * NSEC_PER_SEC);		    /* after 2020 */
	KEXPECT_EQ(t, clock_realtime_set(1000000000ull * NSEC_PER_SEC), 0); /* 2001-09-09 */
	u64 now = clock_realtime_ns();
	KEXPECT_GE(t, now, 1000000000ull * NSEC_PER_SEC);
	KEXPECT_LT(t, now, 1000000000ull * NSEC_PER_SEC + 1000000);
	/* monotonic did not move */
	u64 mono1 = clock_monotonic_ns();
	KEXPECT_LT(t, mono1 - mono0, 5000000);
	/* an impossible time is refused and changes nothing */
	KEXPECT_EQ(t, clock_realtime_set(~0ull), -22);
	KEXPECT_LT(t, clock_realtime_ns() - now, 1000000);
	/* back to the old time plus what elapsed */
	KEXPECT_EQ(t, clock_realtime_set(before + (clock_monotonic_ns() - mono0)), 0);
	s64 d = (s64)(clock_realtime_ns() - (before + (clock_monotonic_ns() - mono0)));
	KEXPECT_LT(t, d < 0 ? -d : d, 100000);
}

static void test_resolution(struct ktest *t)
{
	static const int ids[] = {CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME, CLOCK_TAI};
	for (unsigned i = 0; i < 4; i++) {
		/* one PIT tick, rounded up: what a timer on the clock resolves */
		KEXPECT_EQ(t, clock_resolution_ns(ids[i]), 839);
		KEXPECT_GE(t, clock_resolution_ns(ids[i]) * PIT_HZ, NSEC_PER_SEC);
	}
	/* the coarse clocks tick at 100 Hz; RAW reads finer than a PIT tick */
	KEXPECT_EQ(t, clock_resolution_ns(CLOCK_REALTIME_COARSE), 10000000);
	KEXPECT_EQ(t, clock_resolution_ns(CLOCK_MONOTONIC_COARSE), 10000000);
	KEXPECT_GE(t, clock_resolution_ns(CLOCK_MONOTONIC_RAW), 1);
	KEXPECT_LE(t, clock_resolution_ns(CLOCK_MONOTONIC_RAW), 839);
	KEXPECT_EQ(t, clock_resolution_ns(CLOCK_REALTIME_ALARM), 0);
	KEXPECT_EQ(t, clock_resolution_ns(10), 0);
	KEXPECT_EQ(t, clock_resolution_ns(1000), 0);
	/* a negative id is a process's CPU-time clock: the same device */
	KEXPECT_EQ(t, clock_resolution_ns(-6), 839);
	/* the clock's value itself is finer than a timer's grid: two reads in a
	 * row differ by the cost of one read, a few hundred instructions at
	 * most (Bochs at 100 MIPS: about 1.2 us) */
	u64 a = clock_monotonic_ns(), b = clock_monotonic_ns();
	KEXPECT_LT(t, b - a, 2000);
}

static void test_rtc_matches_host(struct ktest *t)
{
	char buf[24];
	s64 host = 0;

	if (!bootinfo_cmdline_get("host_epoch", buf, sizeof(buf)) || !buf[0]) {
		ktest_skip(t, "no host_epoch= on the command line");
		return;
	}
	for (const char *p = buf; *p >= '0' && *p <= '9'; p++)
		host = host * 10 + (*p - '0');
	s64 d = clock_boot_rtc_seconds() - host;
	kprintf("        # RTC at boot %lld, host at QEMU start %lld: %+lld s\n",
		(long long)clock_boot_rtc_seconds(), (long long)host, (long long)d);
	/* the host's second was taken just before QEMU started, the RTC's
	 * a moment later: the boot takes well under a second, but QEMU's own
	 * start on a loaded host (nine agents on two cores, seen here) took
	 * two.  A misread RTC (BCD, 12-hour, century) is off by minutes or
	 * more, which 5 s still catches. */
	KEXPECT_GE(t, d, 0);
	KEXPECT_LE(t, d, 5);
}

KTEST_SUITE(clock, KTEST_CASE(test_monotonic_never_decreases),
	    KTEST_CASE(test_monotonic_follows_pit), KTEST_CASE(test_realtime_set),
	    KTEST_CASE(test_resolution), KTEST_CASE(test_rtc_matches_host));
