/*
 * Clock sources: names, ratings, which are usable, the HPET's and the PM
 * timer's counts folded to 64 bits, and the TSC's calibration against
 * them (kernel/time/clocksource.h).  The TSC's and the PIT's reads stay
 * in clock.c, on the paths they always had.
 *
 * Folding: a counter of `mask` bits read now and at the previous read
 * advanced by (now - last) & mask, provided fewer than mask + 1 counts
 * passed between the reads; clock events come at least every
 * clocksource_fold_interval_ns (half a wrap) to keep that true.
 *
 * Locking: the usable flags are written at boot only.  The fold state
 * (counter_total, counter_last) is guarded by irq_save: every caller has
 * interrupts off (uniprocessor; on SMP it would want a raw spinlock).
 */
#include "kernel/time/clocksource.h"
#include "arch/i386/cpu.h"
#include "drivers/acpi_pm.h"
#include "drivers/hpet.h"
#include "lib/clockmath.h"
#include "lib/string.h"
#include "lib/vsnprintf.h"
#include <abi/time.h>

static const struct {
	const char *name;
	int rating;
} sources[CLOCK_SOURCE_COUNT] = {
	[CLOCK_SOURCE_NONE] = { "none", 0 },	[CLOCK_SOURCE_TSC] = { "tsc", 300 },
	[CLOCK_SOURCE_PIT] = { "pit", 110 },	[CLOCK_SOURCE_HPET] = { "hpet", 250 },
	[CLOCK_SOURCE_ACPI_PM] = { "acpi_pm", 200 },
};

static bool usable[CLOCK_SOURCE_COUNT]; /* boot only */

/* The folded counter of the HPET or PM timer; irq_save. */
static enum clock_source counter_source;
static u64 counter_total, counter_last, counter_mask;
static u32 counter_mult, counter_shift;

const char *clocksource_name(enum clock_source s)
{
	return (unsigned)s < CLOCK_SOURCE_COUNT ? sources[s].name : "?";
}

int clocksource_rating(enum clock_source s)
{
	return (unsigned)s < CLOCK_SOURCE_COUNT ? sources[s].rating : 0;
}

enum clock_source clocksource_by_name(const char *name)
{
	for (unsigned s = 1; s < CLOCK_SOURCE_COUNT; s++)
		if (strcmp(name, sources[s].name) == 0)
			return (enum clock_source)s;
	return CLOCK_SOURCE_NONE;
}

void clocksource_set_usable(enum clock_source s, bool u)
{
	if ((unsigned)s < CLOCK_SOURCE_COUNT && s != CLOCK_SOURCE_NONE)
		usable[s] = u;
}

bool clocksource_usable(enum clock_source s)
{
	return (unsigned)s < CLOCK_SOURCE_COUNT && usable[s];
}

enum clock_source clocksource_best(void)
{
	enum clock_source best = CLOCK_SOURCE_NONE;

	for (unsigned s = 1; s < CLOCK_SOURCE_COUNT; s++)
		if (usable[s] && sources[s].rating > sources[best].rating)
			best = (enum clock_source)s;
	return best;
}

static u64 counter_read(enum clock_source s)
{
	return s == CLOCK_SOURCE_HPET ? hpet_read() : acpi_pm_read();
}

void clocksource_counter_start(enum clock_source s)
{
	u64 hz;

	if (s == CLOCK_SOURCE_HPET) {
		hz = hpet_hz();
		counter_mask = hpet_counter_64bit() ? ~0ull : 0xFFFFFFFFull;
	} else if (s == CLOCK_SOURCE_ACPI_PM) {
		hz = ACPI_PM_HZ;
		counter_mask = acpi_pm_mask();
	} else {
		counter_source = CLOCK_SOURCE_NONE;
		return;
	}
	counter_shift = clockmath_mult_shift(hz, NSEC_PER_SEC, &counter_mult);
	counter_source = s;
	counter_total = 0;
	counter_last = counter_read(s);
}

u64 clocksource_counter_ns(enum clock_source s)
{
	u64 now;

	if (s != counter_source || s == CLOCK_SOURCE_NONE)
		return 0;
	now = counter_read(s);
	counter_total += (now - counter_last) & counter_mask;
	counter_last = now;
	return clockmath_scale(counter_total, counter_mult, counter_shift);
}

u64 clocksource_fold_interval_ns(enum clock_source s)
{
	switch (s) {
	case CLOCK_SOURCE_PIT:
		return pit_ticks_to_ns(PIT_DIVISOR_MAX / 2); /* half of its 65536-tick wrap */
	case CLOCK_SOURCE_ACPI_PM:
		/* half a wrap: 2.3 s at 24 bits, 600 s at 32 */
		return acpi_pm_mask() == 0xFFFFFFu ? 2300000000ull : 600000000000ull;
	case CLOCK_SOURCE_HPET:
		return hpet_counter_64bit() ? 0 : clockmath_muldiv(1ull << 31, NSEC_PER_SEC, (u32)hpet_hz());
	default:
		return 0;
	}
}

u64 clocksource_calibrate_tsc(enum clock_source against)
{
	u64 hz, mask, want, c0, c, t0, t1, spin = 0;
	u32 flags;

	if (against == CLOCK_SOURCE_HPET && hpet_present()) {
		hz = hpet_hz();
		mask = hpet_counter_64bit() ? ~0ull : 0xFFFFFFFFull;
	} else if (against == CLOCK_SOURCE_ACPI_PM && acpi_pm_present()) {
		hz = ACPI_PM_HZ;
		mask = acpi_pm_mask();
	} else {
		return 0;
	}
	want = hz / 20; /* 50 ms */
	flags = irq_save();
	/* start on an edge of the counter, so the first count is whole */
	c0 = counter_read(against);
	while ((c = counter_read(against)) == c0)
		;
	c0 = c;
	t0 = rdtsc();
	do {
		c = counter_read(against);
		if (++spin > 1000000000ull)
			break;
	} while (((c - c0) & mask) < want);
	t1 = rdtsc();
	irq_restore(flags);
	if (spin > 1000000000ull)
		return 0;
	/* Hz = cycles * hz / counted; counted fits 32 bits (50 ms) */
	return clockmath_muldiv(t1 - t0, (u32)hz, (u32)((c - c0) & mask));
}

size_t clocksource_list(char *buf, size_t size)
{
	size_t n = 0;
	bool done[CLOCK_SOURCE_COUNT] = { false };

	if (size == 0)
		return 0;
	buf[0] = '\0';
	/* best first, as the rating orders them; Linux's format: each name
	 * followed by a space, then a newline */
	for (;;) {
		int best = -1;

		for (unsigned s = 1; s < CLOCK_SOURCE_COUNT; s++)
			if (usable[s] && !done[s] && (best < 0 || sources[s].rating > sources[best].rating))
				best = (int)s;
		if (best < 0)
			break;
		done[best] = true;
		n += (size_t)snprintf(buf + n, size > n ? size - n : 0, "%s ", sources[best].name);
		if (n >= size)
			return size - 1;
	}
	n += (size_t)snprintf(buf + n, size > n ? size - n : 0, "\n");
	return n < size ? n : size - 1;
}
