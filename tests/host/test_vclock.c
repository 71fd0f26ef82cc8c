/*
 * Host tests of lib/vclock.h, the clocks as one function of the TSC that
 * the kernel and the vDSO share: against a reference in 128-bit arithmetic
 * written from kernel/time/clock.c's formula, never decreasing in the TSC
 * for any rate the kernel allows, and the per-clock offsets (base - base_raw,
 * modulo 2^64) giving the same time as the bases themselves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lib/vclock.h"

typedef __int128 s128;

static u64 rnd64(void)
{
	return (u64)random() << 42 ^ (u64)random() << 21 ^ (u64)random();
}

static s128 floor_div(s128 n, s128 d) /* d > 0 */
{
	return n >= 0 ? n / d : -((-n + d - 1) / d);
}

/* clock.c's formula, in 128 bits: mono at cycle count tsc. */
static u64 ref_mono(u64 tsc, u64 cycle_base, u32 mult, u32 shift, u64 base_raw, u64 base_mono,
		    s64 adj, s64 slew)
{
	u64 raw = (u64)(((s128)(tsc - cycle_base) * mult) >> shift);
	u64 d = raw - base_raw;
	s128 abs_slew = slew < 0 ? -(s128)slew : slew, corr;

	if (slew == 0 || (s128)(d / 2000) >= abs_slew) /* floor(d adj / 2^32) + slew */
		corr = floor_div((s128)d * adj, (s128)1 << 32) + slew;
	else /* floor(d adj / 2^32 + sign d / 2000) */
		corr = floor_div((s128)d * adj * 2000 + (slew < 0 ? -(s128)d : (s128)d) * ((s128)1 << 32),
				 (s128)2000 << 32);
	return base_mono + d + (u64)(s64)corr;
}

static void test_against_reference(void **state)
{
	(void)state;
	srandom(1);
	for (int i = 0; i < 200000; i++) {
		struct vclock_data vd = {0};
		u32 shift = i & 1 ? 32 : 20 + (u32)(random() % 13);
		u64 base_mono = rnd64() >> 4, tsc;
		s64 adj = (s64)(random() % (1l << 31)) * (i & 2 ? 1 : -1) >> (random() % 20);
		s64 slew = i & 4 ? (s64)(random() % 1000000000) * (i & 8 ? 1 : -1) : 0;
		u32 mode = VCLOCK_TSC | (shift != 32 ? VCLOCK_SHIFT : 0) |
			   (adj ? VCLOCK_ADJUSTED : 0) | (slew ? VCLOCK_SLEWING : 0);
		u64 raw0;

		vd.mult = (u32)random() | 0x80000000u;
		vd.shift = shift;
		vd.cycle_base = rnd64() >> (random() % 64);
		tsc = vd.cycle_base + (rnd64() >> (8 + random() % 40));
		raw0 = clockmath_scale(tsc - vd.cycle_base, vd.mult, shift);
		vd.base_raw = raw0 - (raw0 ? (u64)random() % raw0 : 0); /* base <= raw */
		vd.adj = adj;
		vd.slew = slew;
		assert_int_equal(vclock_ns(&vd, mode, base_mono - vd.base_raw, tsc),
				 ref_mono(tsc, vd.cycle_base, vd.mult, shift, vd.base_raw,
					  base_mono, adj, slew));
	}
}

static void test_never_decreases(void **state)
{
	(void)state;
	srandom(2);
	for (int i = 0; i < 2000; i++) {
		struct vclock_data vd = {0};
		u32 mode = VCLOCK_TSC | VCLOCK_ADJUSTED | VCLOCK_SLEWING;
		u64 tsc, prev;

		vd.mult = (u32)random() | 0x80000000u;
		vd.cycle_base = rnd64();
		vd.base_raw = 0;
		/* the extremes clock.c allows: |adj| < 2^31, a slew of a second */
		vd.adj = i & 1 ? -((1ll << 31) - 1) : (1ll << 31) - 1;
		vd.slew = i & 2 ? -1000000000 : 1000000000;
		tsc = vd.cycle_base;
		prev = vclock_ns(&vd, mode, 1000, tsc);
		for (int k = 0; k < 1000; k++) {
			u64 now;

			tsc += 1 + (u64)random() % (k & 1 ? 7 : 100000000);
			now = vclock_ns(&vd, mode, 1000, tsc);
			assert_true(now >= prev);
			prev = now;
		}
	}
}

static void test_slew_ends(void **state)
{
	(void)state;
	/* 1 ms of slew at 500 ppm is done after 2 s of raw time, then stays */
	assert_int_equal(vclock_slew_done(0, 1000000), 0);
	assert_int_equal(vclock_slew_done(1999, 1000000), 0);
	assert_int_equal(vclock_slew_done(2000, 1000000), 1);
	assert_int_equal(vclock_slew_done(1000000000, 1000000), 500000);
	assert_int_equal(vclock_slew_done(2000000000, 1000000), 1000000);
	assert_int_equal(vclock_slew_done(~0ull, 1000000), 1000000);
	assert_int_equal(vclock_slew_done(~0ull, -1000000), -1000000);
	assert_int_equal(vclock_slew_done(1000000000, -1000000), -500000);
	/* the correction rounds the rate's share and the slew's together, down */
	assert_int_equal(vclock_correction(3, 1ll << 31, 0), 1);
	assert_int_equal(vclock_correction(3, -(1ll << 31), 0), (u64)-2);
	assert_int_equal(vclock_correction(1ull << 40, 1ll << 30, 0), 1ull << 38);
	assert_int_equal(vclock_correction(1000, -(1ll << 31), -5), (u64)-501); /* -500.5 */
	assert_int_equal(vclock_correction(1999, 0, -5), (u64)-1);		/* -0.9995 */
	assert_int_equal(vclock_correction(20000, 0, -5), (u64)-5);		/* all in */
	assert_int_equal(vclock_correction(20000, 0, 5), 5);
	assert_int_equal(vclock_correction(1999, 0, 5), 0);
}

/* The case that went back with two roundings: ADJ_TICK 9000 (-10%) and a
 * negative slew, 6.4 s after a rebase. */
static void test_regression_two_roundings(void **state)
{
	s64 adj = -(s64)(4294967296.0 * 0.1), slew = -1000000000;
	u64 d = 6442452000ull;

	(void)state;
	for (u64 x = d - 5000; x < d + 5000; x++)
		assert_true(x + 1 + vclock_correction(x + 1, adj, slew) >=
			    x + vclock_correction(x, adj, slew));
}

static void test_div_u32(void **state)
{
	(void)state;
	srandom(3);
	for (int i = 0; i < 100000; i++) {
		u64 a = rnd64() >> (random() % 64);
		u32 d = (u32)random() >> (random() % 31), rem;

		if (!d)
			d = 1;
		assert_int_equal(clockmath_div_u32(a, d, &rem), a / d);
		assert_int_equal(rem, a % d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_against_reference),
	    cmocka_unit_test(test_never_decreases),
	    cmocka_unit_test(test_slew_ends),
	    cmocka_unit_test(test_regression_two_roundings),
	    cmocka_unit_test(test_div_u32),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
