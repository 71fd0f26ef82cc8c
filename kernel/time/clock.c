/*
 * CLOCK_MONOTONIC_RAW, CLOCK_MONOTONIC, CLOCK_REALTIME and CLOCK_TAI.
 *
 * RAW is the clock source alone; MONOTONIC is RAW run at the rate adjtimex
 * asks (kernel/time/ntp.c); REALTIME is MONOTONIC plus an offset that only
 * steps (clock_settime, ADJ_SETOFFSET, a leap second); TAI is REALTIME plus
 * whole seconds (ADJ_TAI).  BOOTTIME is MONOTONIC (no suspend here).
 *
 * The rate is piecewise constant: since the last change (raw tk_base_raw,
 * monotonic tk_base_mono),
 *
 *   mono = tk_base_mono + d + floor(d * tk_adj / 2^32 + slew(d)),  d = raw - tk_base_raw
 *
 * where tk_adj is the frequency correction (ADJ_TICK, ADJ_FREQUENCY and the
 * PLL's share of this second) and slew(d) is adjtime()'s offset being
 * absorbed at 500 ppm: sign(tk_slew) * min(|tk_slew|, d / 2000), both
 * rounded once, together (vclock_correction says why).  Every change first
 * moves the base to now, so the clock is continuous; with |tk_adj| < 2^31
 * it is non-decreasing (each raw ns adds at least 1/2 ns).  A change never
 * needs an event: the slew ends by itself in the formula.
 * The formula is lib/vclock.h's, which the vDSO computes too: every change
 * of its parameters is published to the vDSO's data page in the same
 * interrupts-off section (vdso_publish), so that a read in user space is
 * the same function of the TSC as the system call's.
 *
 * RAW, TSC source: raw = scale(rdtsc() - tsc_boot).  rdtsc gives all 64
 * bits at once (edx:eax of one instruction), so no torn read across the
 * 32-bit halves, and scale() forms its product in 96 bits, so no overflow
 * for the life of the machine; the value is a function of the TSC alone,
 * so it cannot go backwards, whatever interrupts did meanwhile, and needs
 * no lock.
 *
 * PIT source (no TSC, or clocksource=pit): channel 2 runs free in mode 2
 * with a count of 65536; each read folds the ticks since the previous read
 * (mod 65536) into a 64-bit count, under irq_save.  IRQ 0 folds too, at
 * least twice per wrap (clockevent.c), so only interrupts held off for
 * more than one wrap (54.9 ms) would lose time; the clock still never goes
 * backwards.
 *
 * Resolution (clock_resolution_ns): the TSC value has 1 ns granularity
 * (at >= 1 GHz) but a timer or a sleep on any of these clocks can only be
 * placed on the PIT's grid of 838.095 ns (the one-shot counts whole input
 * clocks), so the truth to report for timers and sleeps, and the one
 * POSIX's single clock_getres number must cover, is one PIT tick rounded
 * up: 839 ns.  (Linux reports 1 ns for high-resolution clocks, whose
 * event devices are finer; ours is not.)  The CPU-time clocks are measured
 * with the same source and their timers ride the same device.
 */
#include "kernel/time/clock.h"
#include "arch/i386/cpu.h"
#include "drivers/acpi.h"
#include "drivers/acpi_pm.h"
#include "drivers/hpet.h"
#include "drivers/pit.h"
#include "drivers/rtc.h"
#include "kernel/bootinfo.h"
#include "kernel/time/clockevent.h"
#include "kernel/time/clocksource.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/ntp.h"
#include "kernel/printk.h"
#include "lib/calendar.h"
#include "lib/clockmath.h"
#include "lib/compiler.h"
#include "lib/string.h"
#include "lib/vclock.h"
#include "kernel/time/vdso_data.h"
#include <abi/errno.h>
#include <abi/time.h>

#define CALIBRATE_TICKS 59659				 /* 50 ms of PIT */
#define FALLBACK_EPOCH 946684800			 /* 2000-01-01 00:00:00 UTC */
/* Linux's TIME_SETTOD_SEC_MAX: KTIME_SEC_MAX (2^63 ns) less 30 years of
 * uptime, 2232; clock_settime64 and adjtimex may not set the clock past it. */
#define REALTIME_MAX_NS (8277292036ull * NSEC_PER_SEC - 1)

static enum clock_source source; /* irq_save to change (clock_set_source) */
static bool have_tsc, pit_ok;
static u64 src_offset; /* non-TSC sources: RAW when their count started; irq_save */
static u64 tsc_boot, tsc_hz;
static u32 tsc_mult, tsc_shift;

static u64 pit_total; /* PIT source: ticks since clock_init */
static u16 pit_last_pos;

static s64 realtime_offset; /* realtime = monotonic + offset; irq_save */
static s64 tai_offset_sec;  /* TAI = realtime + this many seconds */
static s64 boot_rtc_seconds;

/* The rate of MONOTONIC against RAW (see the top); irq_save. */
static u64 tk_base_raw, tk_base_mono;
static s64 tk_adj;  /* (mono ns per raw ns - 1) * 2^32 */
static s64 tk_slew; /* adjtime offset still to absorb at tk_base_raw, ns */

#define SLEW_RAW_NS_PER_NS VCLOCK_SLEW_RAW_NS_PER_NS
#define COARSE_NS VCLOCK_COARSE_NS

static bool cpu_has_tsc(void)
{
	u32 a, b, c, d;

	if (!cpu_has_cpuid())
		return false;
	cpuid(0, &a, &b, &c, &d);
	if (a < 1)
		return false;
	cpuid(1, &a, &b, &c, &d);
	return d & (1u << 4);
}

u64 clock_calibrate_tsc_pit(u32 ticks)
{
	u64 t0, t1;
	u32 flags;
	unsigned long spin = 0;

	/* channel 2 is the clock itself with the PIT source: hands off */
	if (!have_tsc || !pit_ok || source == CLOCK_SOURCE_PIT)
		return 0;
	/* Mode 0 on channel 2: OUT2 rises after `ticks` input clocks.
	 * Interrupts off: an interrupt between the edge and the second
	 * rdtsc would count its handler as PIT time. */
	flags = irq_save();
	pit_ch2_start(0, ticks);
	t0 = rdtsc();
	while (!pit_ch2_out())
		if (++spin > 100000000ul)
			break;
	t1 = rdtsc();
	pit_ch2_stop();
	irq_restore(flags);
	if (spin > 100000000ul)
		return 0;
	return clockmath_muldiv(t1 - t0, PIT_HZ, ticks);
}

/* PIT source: fold channel 2's count into pit_total; irqs off. */
static u64 pit_fold(void)
{
	/* mode 2 counts 65536 (read as 0), 65535, .., 1, 65536, ..: the
	 * position in the cycle is -count mod 65536 */
	u16 pos = (u16)(0u - pit_ch2_read());
	pit_total += (u16)(pos - pit_last_pos);
	pit_last_pos = pos;
	return pit_total;
}

void clock_irq_update(void)
{
	if (source == CLOCK_SOURCE_PIT)
		pit_fold();
	else if (source != CLOCK_SOURCE_TSC)
		clocksource_counter_ns(source); /* folds the HPET's or PM timer's count */
}

/*
 * RAW from the TSC, inline: every clock read of the kernel's paths comes
 * here.  With shift 32 (a TSC of 1 GHz or more: mult < 2^32 must then
 * scale down) the 96-bit product's top 64 bits are hi * mult plus the
 * high half of lo * mult, two multiplications; clockmath_scale's general
 * form and its call were 37 instructions (make profile-path).
 */
static inline u64 tsc_raw_ns(void)
{
	u64 cyc = rdtsc() - tsc_boot;

	if (likely(tsc_shift == 32))
		return (cyc >> 32) * tsc_mult + (((u64)(u32)cyc * tsc_mult) >> 32);
	return clockmath_scale(cyc, tsc_mult, tsc_shift);
}

bool clock_stamp_tsc;

u64 clock_stamp_ns(u64 delta)
{
	return clock_stamp_tsc ? clockmath_scale(delta, tsc_mult, tsc_shift) : delta;
}

u64 clock_raw_ns(void)
{
	u64 ticks;
	u32 flags;

	if (likely(source == CLOCK_SOURCE_TSC))
		return tsc_raw_ns();
	if (source == CLOCK_SOURCE_NONE)
		return 0;
	flags = irq_save();
	if (source == CLOCK_SOURCE_PIT) {
		ticks = pit_fold();
		irq_restore(flags);
		return src_offset + pit_ticks_to_ns(ticks);
	}
	ticks = src_offset + clocksource_counter_ns(source);
	irq_restore(flags);
	return ticks;
}

/* The slew absorbed over d raw ns. */
static s64 slew_done(u64 d)
{
	return vclock_slew_done(d, tk_slew);
}

/* MONOTONIC at raw time `raw` (>= tk_base_raw); irqs off.  Inline, its
 * adjusted case out of line (in one function gcc saved and restored every
 * register for it on each call: 37 instructions, make profile-path). */
static __attribute__((noinline)) u64 mono_adjusted(u64 d)
{
	return tk_base_mono + d + vclock_correction(d, tk_adj, tk_slew);
}

static inline u64 mono_at(u64 raw)
{
	u64 d = raw - tk_base_raw;

	/* the common case, an unadjusted clock, costs one subtraction */
	if (likely(tk_adj == 0 && tk_slew == 0))
		return tk_base_mono + d;
	return mono_adjusted(d);
}

/* Hand the formula's parameters to the vDSO's data page; irqs off. */
static void vdso_publish(void)
{
	struct vdso_clock_params p = {
		.tsc = source == CLOCK_SOURCE_TSC,
		.cycle_base = tsc_boot,
		.mult = tsc_mult,
		.shift = tsc_shift,
		.base_raw = tk_base_raw,
		.base_mono = tk_base_mono,
		.adj = tk_adj,
		.slew = tk_slew,
		.realtime_offset = realtime_offset,
		.tai_offset_ns = tai_offset_sec * (s64)NSEC_PER_SEC,
	};

	vdso_data_update(&p);
}

/* Move the base to now: the formula's parameters may change after it. */
static void tk_rebase(void)
{
	u64 raw = clock_raw_ns();

	tk_slew -= slew_done(raw - tk_base_raw);
	tk_base_mono = mono_at(raw);
	tk_base_raw = raw;
}

u64 clock_monotonic_ns(void)
{
	u32 flags = irq_save();
	u64 ns = mono_at(likely(source == CLOCK_SOURCE_TSC) ? tsc_raw_ns() : clock_raw_ns());

	irq_restore(flags);
	return ns;
}

u64 clock_realtime_ns(void)
{
	u32 flags = irq_save();
	u64 ns = clock_monotonic_ns() + (u64)realtime_offset;
	irq_restore(flags);
	return ns;
}

u64 clock_tai_ns(void)
{
	u32 flags = irq_save();
	u64 ns = clock_realtime_ns() + (u64)(tai_offset_sec * (s64)NSEC_PER_SEC);
	irq_restore(flags);
	return ns;
}

u64 clock_coarse_ns(u64 ns)
{
	return ns - ns % COARSE_NS;
}

void clock_set_rate(s64 adj)
{
	u32 flags = irq_save();

	tk_rebase();
	tk_adj = adj;
	vdso_publish();
	irq_restore(flags);
}

s64 clock_slew_set(s64 ns)
{
	u32 flags = irq_save();
	s64 old;

	tk_rebase();
	old = tk_slew;
	tk_slew = ns;
	vdso_publish();
	irq_restore(flags);
	return old;
}

s64 clock_slew_left(void)
{
	u32 flags = irq_save();
	s64 left = tk_slew - slew_done(clock_raw_ns() - tk_base_raw);

	irq_restore(flags);
	return left;
}

u64 clock_monotonic_to_raw_delta(u64 mono_delta)
{
	/* The fastest MONOTONIC may run over the delta: its raw length is then
	 * the shortest, so the event is never late (early finds nothing due,
	 * and asks again). */
	u32 flags = irq_save();
	s64 rate = (s64)(1ull << 32) + tk_adj;

	if (tk_slew > 0)
		rate += (s64)((1ull << 32) / SLEW_RAW_NS_PER_NS) + 1;
	irq_restore(flags);
	if (mono_delta > (1ull << 31))
		mono_delta = 1ull << 31; /* beyond any one-shot: clamped later anyway */
	if (rate == (s64)(1ull << 32))
		return mono_delta; /* unadjusted: no 64-bit division (63 instructions) */
	return (mono_delta << 32) / (u64)rate;
}

s64 clock_tai_offset_sec(void)
{
	return tai_offset_sec;
}

void clock_tai_offset_set(s64 sec)
{
	u32 flags = irq_save();

	tai_offset_sec = sec;
	vdso_publish();
	irq_restore(flags);
	ktimer_clock_was_set(); /* absolute TAI deadlines moved against the others */
}

s64 clock_realtime_offset_ns(void)
{
	u32 flags = irq_save();
	s64 off = realtime_offset;
	irq_restore(flags);
	return off;
}

/* Write back to the CMOS clock (whole seconds) when it can hold it. */
static void rtc_update(u64 ns)
{
	struct cal_time t;

	if (cal_from_epoch((s64)(ns / NSEC_PER_SEC), &t) == 0 && t.year <= 2399)
		rtc_write(&t);
}

int clock_realtime_set(u64 ns)
{
	u32 flags;

	if (ns > REALTIME_MAX_NS)
		return -EINVAL;
	flags = irq_save();
	realtime_offset = (s64)(ns - clock_monotonic_ns());
	vdso_publish();
	irq_restore(flags);
	rtc_update(ns);
	ntp_clear(); /* Linux's TK_CLEAR_NTP: a set clock is unsynchronized */
	ktimer_clock_was_set();
	return 0;
}

int clock_realtime_step(s64 delta_ns)
{
	u32 flags = irq_save();
	s64 off = realtime_offset + delta_ns;
	u64 now;

	/* Linux's timekeeping_inject_offset: REALTIME may not fall behind
	 * MONOTONIC, nor pass the settable range. */
	if (off < 0 || clock_monotonic_ns() + (u64)off > REALTIME_MAX_NS) {
		irq_restore(flags);
		return -EINVAL;
	}
	realtime_offset = off;
	vdso_publish();
	now = clock_realtime_ns();
	irq_restore(flags);
	rtc_update(now);
	ntp_clear();
	ktimer_clock_was_set();
	return 0;
}

void clock_leap_step(s64 delta_ns)
{
	u32 flags = irq_save();

	/*
	 * UTC repeats (or skips) a second; TAI does not: the offset between
	 * them takes the second the other way, in the same critical section,
	 * so no reader sees CLOCK_TAI step (Linux's accumulate_nsecs_to_secs:
	 * tai_offset - leap).  An inserted second makes adjtimex's tai one
	 * higher.
	 */
	realtime_offset += delta_ns;
	tai_offset_sec -= delta_ns / (s64)NSEC_PER_SEC;
	vdso_publish();
	irq_restore(flags);
	ktimer_clock_was_set();
}

u64 clock_resolution_ns(int clockid)
{
	switch (clockid) {
	case CLOCK_REALTIME:
	case CLOCK_MONOTONIC:
	case CLOCK_BOOTTIME:
	case CLOCK_TAI:
	case CLOCK_PROCESS_CPUTIME_ID:
	case CLOCK_THREAD_CPUTIME_ID:
		return pit_ticks_to_ns_ceil(1);
	case CLOCK_MONOTONIC_RAW:
		/* no timers on it: what a read can tell apart */
		if (source == CLOCK_SOURCE_TSC)
			return (NSEC_PER_SEC + tsc_hz - 1) / tsc_hz;
		if (source == CLOCK_SOURCE_HPET)
			return (NSEC_PER_SEC + hpet_hz() - 1) / hpet_hz();
		if (source == CLOCK_SOURCE_ACPI_PM)
			return (NSEC_PER_SEC + ACPI_PM_HZ - 1) / ACPI_PM_HZ;
		return pit_ticks_to_ns_ceil(1);
	case CLOCK_REALTIME_COARSE:
	case CLOCK_MONOTONIC_COARSE:
		return COARSE_NS;
	default:
		/* a negative id: the CPU-time clock of a given process or thread */
		return clockid < 0 ? pit_ticks_to_ns_ceil(1) : 0;
	}
}

enum clock_source clock_source(void)
{
	return source;
}

u64 clock_tsc_hz(void)
{
	return source == CLOCK_SOURCE_TSC ? tsc_hz : 0;
}

u64 clock_tsc_calibrated_hz(void)
{
	return clocksource_usable(CLOCK_SOURCE_TSC) ? tsc_hz : 0;
}

s64 clock_boot_rtc_seconds(void)
{
	return boot_rtc_seconds;
}

static void clock_read_rtc(void)
{
	struct cal_time t;
	u64 mono;

	rtc_init();
	if (acpi_tables() && acpi_tables()->century_index)
		rtc_set_century_index(acpi_tables()->century_index);
	if (rtc_read(&t) == 0) {
		boot_rtc_seconds = cal_to_epoch(&t);
	} else {
		kprintf("clock: WARNING: no usable RTC time; the wall clock starts at "
			"2000-01-01 00:00:00 UTC\n");
		boot_rtc_seconds = FALLBACK_EPOCH;
		cal_from_epoch(FALLBACK_EPOCH, &t);
	}
	mono = clock_monotonic_ns();
	realtime_offset = (s64)((u64)boot_rtc_seconds * NSEC_PER_SEC - mono);
	vdso_publish(); /* interrupts are still off at boot */
	kprintf("clock: RTC %04d-%02d-%02d %02d:%02d:%02d UTC (%lld s since 1970)\n", t.year, t.mon,
		t.mday, t.hour, t.min, t.sec, (long long)boot_rtc_seconds);
}

bool clock_pit_present(void)
{
	return pit_ok;
}

/*
 * Make s the source, RAW going on from raw_now (interrupts off).  The TSC
 * carries the offset in its cycle base (so its read, and the vDSO's, stay
 * one subtraction and one scaling): the base is put far enough back that
 * the first read is at least raw_now.
 */
static void start_source(enum clock_source s, u64 raw_now)
{
	if (source == CLOCK_SOURCE_PIT && s != CLOCK_SOURCE_PIT)
		pit_ch2_stop();
	if (s == CLOCK_SOURCE_TSC) {
		u64 cycles = clockmath_muldiv(raw_now, (u32)(tsc_hz / 1000), 1000000);

		tsc_boot = rdtsc() - cycles;
		source = s;
		while (tsc_raw_ns() < raw_now)
			tsc_boot -= tsc_hz / 1000000 + 1; /* a microsecond back */
	} else if (s == CLOCK_SOURCE_PIT) {
		pit_ch2_start(2, PIT_DIVISOR_MAX);
		pit_last_pos = (u16)(0u - pit_ch2_read());
		pit_total = 0;
		src_offset = raw_now;
	} else {
		clocksource_counter_start(s);
		src_offset = raw_now;
	}
	source = s;
	vdso_publish();
}

int clock_set_source(const char *name)
{
	enum clock_source s = clocksource_by_name(name);
	u32 flags;

	if (!clocksource_usable(s))
		return -EINVAL;
	flags = irq_save();
	if (s != source) {
		start_source(s, clock_raw_ns());
		clockevent_source_changed();
		kprintf("clock: switched to %s\n", clocksource_name(s));
	}
	irq_restore(flags);
	return 0;
}

/* CPUID 0x80000007 EDX bit 8: the TSC runs at a constant rate in every
 * P-, C- and T-state (Intel's "invariant TSC", AMD's too). */
static bool tsc_invariant(void)
{
	u32 a, b, c, d;

	cpuid(0x80000000u, &a, &b, &c, &d);
	if (a < 0x80000007u)
		return false;
	cpuid(0x80000007u, &a, &b, &c, &d);
	return d & (1u << 8);
}

/* Find the sources; calibrate the TSC against the first of PIT, HPET,
 * PM timer that is there. */
static void probe_sources(void)
{
	const struct acpi_info *acpi = acpi_tables();
	const char *against = "PIT channel 2";

	pit_ok = pit_probe();
	clocksource_set_usable(CLOCK_SOURCE_PIT, pit_ok);
	if (!pit_ok)
		kprintf("clock: no PIT answers (a machine without an 8254)\n");
	if (acpi && acpi->have_hpet && hpet_init(acpi->hpet_phys) == 0)
		clocksource_set_usable(CLOCK_SOURCE_HPET, true);
	if (acpi && acpi->pm_timer_port && acpi_pm_init(acpi->pm_timer_port, acpi->pm_timer_32bit) == 0)
		clocksource_set_usable(CLOCK_SOURCE_ACPI_PM, true);
	have_tsc = cpu_has_tsc();
	if (!have_tsc)
		return;
	tsc_hz = 0;
	if (pit_ok) {
		tsc_hz = clock_calibrate_tsc_pit(CALIBRATE_TICKS);
	} else if (clocksource_usable(CLOCK_SOURCE_HPET)) {
		tsc_hz = clocksource_calibrate_tsc(CLOCK_SOURCE_HPET);
		against = "the HPET";
	} else if (clocksource_usable(CLOCK_SOURCE_ACPI_PM)) {
		tsc_hz = clocksource_calibrate_tsc(CLOCK_SOURCE_ACPI_PM);
		against = "the ACPI PM timer";
	}
	if (tsc_hz == 0) {
		kprintf("clock: TSC present but nothing to calibrate it against: not used\n");
		have_tsc = false;
		return;
	}
	tsc_shift = clockmath_mult_shift(tsc_hz, NSEC_PER_SEC, &tsc_mult);
	clocksource_set_usable(CLOCK_SOURCE_TSC, true);
	clock_stamp_tsc = true;
	kprintf("clock: TSC %llu.%06llu MHz, calibrated against %s (ns = cycles * %u >> %u), %s\n",
		tsc_hz / 1000000, tsc_hz % 1000000, against, tsc_mult, tsc_shift,
		tsc_invariant() ? "invariant" : "not known invariant");
}

void clock_init(void)
{
	char want[16] = "", list[64];
	enum clock_source pick;

	bootinfo_cmdline_get("clocksource", want, sizeof(want));
	probe_sources();
	pick = clocksource_best();
	if (want[0]) {
		enum clock_source w = clocksource_by_name(want);

		if (clocksource_usable(w))
			pick = w;
		else
			kprintf("clock: clocksource=%s: no such usable source\n", want);
	}
	if (pick == CLOCK_SOURCE_NONE) {
		kprintf("clock: WARNING: no clock source found; trying PIT channel 2\n");
		pick = CLOCK_SOURCE_PIT;
	}
	source = CLOCK_SOURCE_NONE;
	start_source(pick, 0);
	clocksource_list(list, sizeof(list));
	list[strlen(list) > 1 ? strlen(list) - 2 : 0] = '\0'; /* no " \n" */
	kprintf("clock: clock sources: %s; using %s (rating %d)\n", list, clocksource_name(pick),
		clocksource_rating(pick));
	if (pick == CLOCK_SOURCE_PIT)
		kprintf("clock: PIT channel 2 as clock source (%s), %u Hz\n",
			have_tsc ? "clocksource=pit" : "no TSC", PIT_HZ);
	clock_read_rtc();
	clockevent_init();
	ktimer_subsystem_init();
	ntp_init();
}
