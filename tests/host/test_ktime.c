/* Unit tests of lib/ktime: checked timespec conversions, saturation, overruns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <limits.h>
#include <cmocka.h>

#include "lib/ktime.h"
#include <abi/errno.h>

#define YEAR_NS (365ull * 24 * 3600 * 1000000000ull)

static void test_from_timespec_valid(void **state)
{
	(void)state;
	ktime_t t = 12345;

	assert_int_equal(ktime_from_timespec(&(struct timespec){0, 0}, &t), 0);
	assert_true(t == 0);
	assert_int_equal(ktime_from_timespec(&(struct timespec){1, 999999999}, &t), 0);
	assert_true(t == 1999999999ull);
	assert_int_equal(ktime_from_timespec(&(struct timespec){INT32_MAX, 999999999}, &t), 0);
	assert_true(t == (u64)INT32_MAX * NSEC_PER_SEC + 999999999ull);
#if LONG_MAX > INT32_MAX
	/* A 64-bit tv_sec (host) can exceed 584 years: saturates, never wraps. */
	assert_int_equal(ktime_from_timespec(&(struct timespec){LONG_MAX, 0}, &t), 0);
	assert_true(t == KTIME_MAX);
	assert_int_equal(ktime_from_timespec(&(struct timespec){18446744073, 709551615}, &t), 0);
	assert_true(t == KTIME_MAX);
	assert_int_equal(ktime_from_timespec(&(struct timespec){18446744073, 709551616}, &t), 0);
	assert_true(t == KTIME_MAX);
	assert_int_equal(ktime_from_timespec(&(struct timespec){18446744073, 709551614}, &t), 0);
	assert_true(t == KTIME_MAX - 1);
#endif
}

static void test_from_timespec_invalid(void **state)
{
	(void)state;
	const struct timespec bad[] = {
		{0, -1}, {0, 1000000000}, {-1, 0}, {-1, -1}, {5, INT32_MAX}, {INT32_MIN, 0},
		{0, INT32_MIN}, {LONG_MIN, 0}, {0, LONG_MAX}, {0, LONG_MIN}, {LONG_MAX, -1},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ktime_t t = 777;
		assert_int_equal(ktime_from_timespec(&bad[i], &t), -EINVAL);
		assert_true(t == 777); /* untouched on error */
	}
}

static void test_to_timespec(void **state)
{
	(void)state;
	struct timespec ts;

	ktime_to_timespec(0, &ts);
	assert_int_equal(ts.tv_sec, 0);
	assert_int_equal(ts.tv_nsec, 0);
	ktime_to_timespec(3 * NSEC_PER_SEC + 7, &ts);
	assert_int_equal(ts.tv_sec, 3);
	assert_int_equal(ts.tv_nsec, 7);
	ktime_to_timespec(NSEC_PER_SEC - 1, &ts);
	assert_int_equal(ts.tv_sec, 0);
	assert_int_equal(ts.tv_nsec, 999999999);
	/* Round trip of the largest representable timespec. */
	ktime_to_timespec((u64)INT32_MAX * NSEC_PER_SEC + 999999999ull, &ts);
	assert_int_equal(ts.tv_sec, INT32_MAX);
	assert_int_equal(ts.tv_nsec, 999999999);
	ktime_to_timespec(KTIME_MAX, &ts);
#if LONG_MAX == INT32_MAX
	/* Beyond 2038 on i386: saturates instead of wrapping negative. */
	assert_int_equal(ts.tv_sec, INT32_MAX);
	assert_int_equal(ts.tv_nsec, 999999999);
	ktime_to_timespec(((u64)INT32_MAX + 1) * NSEC_PER_SEC, &ts);
	assert_int_equal(ts.tv_sec, INT32_MAX);
#else
	/* A 64-bit tv_sec holds any ktime_t exactly. */
	assert_true(ts.tv_sec == 18446744073);
	assert_int_equal(ts.tv_nsec, 709551615);
	ktime_to_timespec(((u64)INT32_MAX + 1) * NSEC_PER_SEC, &ts);
	assert_true(ts.tv_sec == (long)INT32_MAX + 1);
	assert_int_equal(ts.tv_nsec, 0);
#endif
}

static void test_add_sub_saturate(void **state)
{
	(void)state;
	assert_true(ktime_add_sat(1, 2) == 3);
	assert_true(ktime_add_sat(KTIME_MAX, 1) == KTIME_MAX);
	assert_true(ktime_add_sat(KTIME_MAX - 5, 5) == KTIME_MAX);
	assert_true(ktime_add_sat(KTIME_MAX - 5, 4) == KTIME_MAX - 1);
	assert_true(ktime_add_sat(KTIME_MAX, KTIME_MAX) == KTIME_MAX);
	assert_true(ktime_add_sat(1ull << 63, 1ull << 63) == KTIME_MAX);
	assert_true(ktime_sub_floor(10, 3) == 7);
	assert_true(ktime_sub_floor(3, 10) == 0);
	assert_true(ktime_sub_floor(5, 5) == 0);
}

static void test_forward_basic(void **state)
{
	(void)state;
	ktime_t next;

	/* Exactly on time: nothing missed, next one period later. */
	assert_int_equal(ktime_forward(1000, 100, 1000, &next), 0);
	assert_true(next == 1100);
	/* Late by 250 with period 100: missed 2 (1100, 1200), next 1300. */
	assert_int_equal(ktime_forward(1000, 100, 1250, &next), 2);
	assert_true(next == 1300);
	/* Late by exactly 3 periods: 1100, 1200, 1300 missed; 1300 <= now, next 1400. */
	assert_int_equal(ktime_forward(1000, 100, 1300, &next), 3);
	assert_true(next == 1400);
	/* Not due yet: untouched. */
	assert_int_equal(ktime_forward(1000, 100, 999, &next), 0);
	assert_true(next == 1000);
	/* One-shot timers are not forwarded. */
	assert_int_equal(ktime_forward(1000, 0, 5000, &next), 0);
	assert_true(next == KTIME_MAX);
}

/* Check the result against the definition with 128-bit arithmetic. */
static void check_forward(ktime_t expires, ktime_t interval, ktime_t now)
{
	ktime_t next;
	int overrun = ktime_forward(expires, interval, now, &next);
	unsigned __int128 missed = (now - expires) / interval;
	unsigned __int128 want = (unsigned __int128)expires + (missed + 1) * interval;

	assert_true(overrun == (missed > INT_MAX ? INT_MAX : (int)missed));
	assert_true(next == (want > KTIME_MAX ? KTIME_MAX : (ktime_t)want));
	assert_true(next > now || next == KTIME_MAX);
}

static void test_forward_extremes(void **state)
{
	(void)state;
	ktime_t next;

	/* 1 ns period, ten years late: one division, INT_MAX overruns. */
	assert_int_equal(ktime_forward(5, 1, 5 + 10 * YEAR_NS, &next), INT_MAX);
	assert_true(next == 5 + 10 * YEAR_NS + 1);
	/* Just at and around the saturation point of the count. */
	assert_int_equal(ktime_forward(0, 1, INT_MAX, &next), INT_MAX);
	assert_int_equal(ktime_forward(0, 1, INT_MAX - 1ull, &next), INT_MAX - 1);
	assert_int_equal(ktime_forward(0, 1, (u64)INT_MAX + 1, &next), INT_MAX);
	/* Next expiry beyond 2^64: saturates instead of wrapping to the past. */
	assert_int_equal(ktime_forward(0, KTIME_MAX / 2 + 1, KTIME_MAX - 1, &next), 1);
	assert_true(next == KTIME_MAX);
	assert_int_equal(ktime_forward(KTIME_MAX - 10, 100, KTIME_MAX - 1, &next), 0);
	assert_true(next == KTIME_MAX);
	/* 1 ns period at the very end of time. */
	assert_int_equal(ktime_forward(0, 1, KTIME_MAX, &next), INT_MAX);
	assert_true(next == KTIME_MAX);

	const ktime_t vals[] = {0, 1, 2, 3, 999, 1000, NSEC_PER_SEC, YEAR_NS, 1ull << 32,
				(1ull << 32) - 1, 1ull << 63, KTIME_MAX / 3, KTIME_MAX - 1, KTIME_MAX};
	const size_t n = sizeof(vals) / sizeof(vals[0]);
	for (size_t a = 0; a < n; a++)
		for (size_t b = 0; b < n; b++)
			for (size_t c = 0; c < n; c++)
				if (vals[b] && vals[a] <= vals[c])
					check_forward(vals[a], vals[b], vals[c]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_from_timespec_valid),
		cmocka_unit_test(test_from_timespec_invalid),
		cmocka_unit_test(test_to_timespec),
		cmocka_unit_test(test_add_sub_saturate),
		cmocka_unit_test(test_forward_basic),
		cmocka_unit_test(test_forward_extremes),
	};
	return cmocka_run_group_tests_name("ktime", tests, NULL, NULL);
}
