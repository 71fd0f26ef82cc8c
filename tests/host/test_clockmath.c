/* Host tests of lib/clockmath: exact PIT tick <-> ns conversion, mult/shift. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "lib/clockmath.h"

typedef unsigned __int128 u128;

static u64 ref_muldiv(u64 a, u64 mul, u64 div, int ceil)
{
	u128 p = (u128)a * mul;
	u128 q = p / div + (ceil && p % div ? 1 : 0);
	return q > UINT64_MAX ? UINT64_MAX : (u64)q;
}

static void test_divisor_edges(void **state)
{
	(void)state;
	/* one tick: 838.095... ns */
	assert_int_equal(pit_ticks_to_ns(1), 838);
	assert_int_equal(pit_ticks_to_ns_ceil(1), 839);
	/* 65536 ticks: 54925401.85... ns, the longest one-shot */
	assert_int_equal(pit_ticks_to_ns(65536), 54925401);
	assert_int_equal(pit_ticks_to_ns_ceil(65536), 54925402);
	/* a second is exactly PIT_HZ ticks */
	assert_int_equal(pit_ticks_to_ns(PIT_HZ), 1000000000);
	assert_int_equal(pit_ns_to_ticks(1000000000), PIT_HZ);
	assert_int_equal(pit_ns_to_ticks_ceil(1000000000), PIT_HZ);
	assert_int_equal(pit_ns_to_ticks(838), 0);
	assert_int_equal(pit_ns_to_ticks_ceil(838), 1);
	assert_int_equal(pit_ns_to_ticks_ceil(839), 2); /* 839 ns > 1 tick */
	assert_int_equal(pit_ns_to_ticks_ceil(0), 0);
	/* round trip: ceil(ticks->ns) converted back with floor is the same count */
	for (u64 d = 1; d <= PIT_DIVISOR_MAX; d++) {
		assert_int_equal(pit_ns_to_ticks(pit_ticks_to_ns_ceil(d)), d);
		assert_int_equal(pit_ns_to_ticks_ceil(pit_ticks_to_ns(d)), d);
	}
}

static void test_divisor_for_period(void **state)
{
	(void)state;
	assert_int_equal(pit_divisor_for_period(0), 1);
	assert_int_equal(pit_divisor_for_period(838), 1);
	assert_int_equal(pit_divisor_for_period(1257), 1);	   /* 1.4998 ticks */
	assert_int_equal(pit_divisor_for_period(1258), 2);	   /* 1.5010 ticks */
	assert_int_equal(pit_divisor_for_period(10000000), 11932); /* 100 Hz: 11931.82 */
	assert_int_equal(pit_divisor_for_period(1000000), 1193);   /* 1 kHz: 1193.182 */
	assert_int_equal(pit_divisor_for_period(54925401), 65536);
	assert_int_equal(pit_divisor_for_period(1000000000), 65536); /* clamped */
	for (u64 ns = 0; ns < 60000000; ns += 997) {
		u64 d = pit_divisor_for_period(ns);
		u64 exact2 = ref_muldiv(ns, 2 * (u64)PIT_HZ, NSEC_PER_SEC, 0);
		u64 want = (exact2 + 1) / 2; /* nearest, halves up */
		if (want < 1)
			want = 1;
		if (want > 65536)
			want = 65536;
		assert_int_equal(d, want);
	}
}

static void test_long_intervals(void **state)
{
	(void)state;
	/* a century of ticks: 3.76e15 ticks, ~3.15e18 ns: ticks * 10^9 would
	 * overflow 64 bits by far, the split arithmetic must not */
	u64 century = 100ull * 365 * 86400 * PIT_HZ;
	assert_true(century > UINT64_MAX / NSEC_PER_SEC);
	assert_int_equal(pit_ticks_to_ns(century), 100ull * 365 * 86400 * NSEC_PER_SEC);
	assert_int_equal(pit_ns_to_ticks(100ull * 365 * 86400 * NSEC_PER_SEC), century);
	/* the largest ns value converts to ticks */
	assert_int_equal(pit_ns_to_ticks(UINT64_MAX),
			 ref_muldiv(UINT64_MAX, PIT_HZ, NSEC_PER_SEC, 0));
	/* results beyond 64 bits saturate instead of wrapping */
	assert_int_equal(pit_ticks_to_ns(UINT64_MAX), UINT64_MAX);
	assert_int_equal(pit_ticks_to_ns_ceil(UINT64_MAX / 800), UINT64_MAX);
}

static void test_muldiv_random(void **state)
{
	(void)state;
	srandom(1);
	for (int i = 0; i < 200000; i++) {
		u64 a = ((u64)random() << 33) ^ ((u64)random() << 11) ^ (u64)random();
		u32 mul = (u32)random() * 2 + 1, div = (u32)random() | 1;
		a >>= random() % 64;
		assert_int_equal(clockmath_muldiv(a, mul, div), ref_muldiv(a, mul, div, 0));
		assert_int_equal(clockmath_muldiv_ceil(a, mul, div), ref_muldiv(a, mul, div, 1));
	}
}

static void test_mult_shift(void **state)
{
	static const u64 freqs[] = {1193182,	   14318180,	  1000000000,
				    2400000000ull, 3999999999ull, 5000000000ull};
	(void)state;
	for (size_t i = 0; i < sizeof(freqs) / sizeof(freqs[0]); i++) {
		u32 mult, shift = clockmath_mult_shift(freqs[i], NSEC_PER_SEC, &mult);
		assert_true(shift <= 32);
		/* mult near full 32-bit precision: relative error < 2^-30 */
		assert_true(mult >= (1u << 31) || shift == 32);
		/* one second of cycles is 10^9 ns to within the rounding of mult */
		u64 ns = clockmath_scale(freqs[i], mult, shift);
		assert_true(ns > NSEC_PER_SEC - 3 && ns < NSEC_PER_SEC + 3);
		/* a year of cycles, and cycle counts past 2^32 and 2^63 */
		u64 year = freqs[i] * 365 * 86400;
		u64 got = clockmath_scale(year, mult, shift);
		u64 want = 365ull * 86400 * NSEC_PER_SEC;
		assert_true(got > want - want / (1u << 29) && got < want + want / (1u << 29));
		for (int k = 0; k < 100000; k++) {
			u64 c = ((u64)random() << 31 ^ (u64)random()) >> (random() % 30);
			u128 ref = ((u128)c * mult) >> shift;
			assert_int_equal(clockmath_scale(c, mult, shift), (u64)ref);
			/* monotonic in c */
			assert_true(clockmath_scale(c + 1, mult, shift) >=
				    clockmath_scale(c, mult, shift));
		}
	}
	/* 1 GHz to ns is the identity */
	u32 mult, shift = clockmath_mult_shift(NSEC_PER_SEC, NSEC_PER_SEC, &mult);
	assert_int_equal(clockmath_scale(123456789012345ull, mult, shift), 123456789012345ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_divisor_edges),  cmocka_unit_test(test_divisor_for_period),
	    cmocka_unit_test(test_long_intervals), cmocka_unit_test(test_muldiv_random),
	    cmocka_unit_test(test_mult_shift),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
