/* Host tests of lib/calendar: every day 1970..2399 against glibc, CMOS decoding. */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <cmocka.h>

#include "lib/calendar.h"

static void check_against_glibc(s64 secs)
{
	struct cal_time c;
	struct tm tm;
	time_t tt = (time_t)secs;

	assert_non_null(gmtime_r(&tt, &tm));
	assert_int_equal(cal_from_epoch(secs, &c), 0);
	assert_int_equal(c.year, tm.tm_year + 1900);
	assert_int_equal(c.mon, tm.tm_mon + 1);
	assert_int_equal(c.mday, tm.tm_mday);
	assert_int_equal(c.hour, tm.tm_hour);
	assert_int_equal(c.min, tm.tm_min);
	assert_int_equal(c.sec, tm.tm_sec);
	assert_int_equal(c.wday, tm.tm_wday);
	assert_int_equal(cal_to_epoch(&c), secs);
	assert_int_equal((s64)timegm(&tm), secs);
}

static void test_every_day(void **state)
{
	s64 end;
	struct cal_time last = {CAL_YEAR_MAX, 12, 31, 23, 59, 59, 0};
	(void)state;
	end = cal_to_epoch(&last);
	assert_true(end > 0);
	/* every day, at a time of day that walks through all hours/minutes */
	for (s64 s = 0, k = 0; s <= end; s += 86400, k++)
		check_against_glibc(s + (k * 3607) % 86400);
	/* the edges of every month and year */
	for (int y = CAL_YEAR_MIN; y <= CAL_YEAR_MAX; y++)
		for (int m = 1; m <= 12; m++) {
			struct cal_time a = {y, m, 1, 0, 0, 0, 0};
			struct cal_time b = {y, m, cal_days_in_month(y, m), 23, 59, 59, 0};
			s64 sa = cal_to_epoch(&a), sb = cal_to_epoch(&b);
			check_against_glibc(sa);
			check_against_glibc(sb);
			if (sa > 0)
				check_against_glibc(sa - 1);
		}
	check_against_glibc(end);
	assert_int_equal(cal_from_epoch(end + 1, &last), -1);
	assert_int_equal(cal_from_epoch(-1, &last), -1);
}

static void test_leap_rules(void **state)
{
	(void)state;
	assert_true(cal_is_leap(2000));
	assert_false(cal_is_leap(2100));
	assert_true(cal_is_leap(2024));
	assert_false(cal_is_leap(2023));
	assert_int_equal(cal_days_in_month(2000, 2), 29);
	assert_int_equal(cal_days_in_month(2100, 2), 28);
	assert_int_equal(cal_days_in_month(2023, 13), 0);
	struct cal_time feb29 = {2100, 2, 29, 0, 0, 0, 0};
	assert_false(cal_valid(&feb29));
	assert_int_equal(cal_to_epoch(&feb29), -1);
	struct cal_time y2038 = {2038, 1, 19, 3, 14, 8, 0};
	assert_int_equal(cal_to_epoch(&y2038), 2147483648ll);
}

static void test_cmos_decode_formats(void **state)
{
	struct cal_time t;
	(void)state;
	/* BCD, 24 h: 2026-12-03 06:41:59, century register 0x20 */
	struct cmos_raw bcd = {0x59, 0x41, 0x06, 0x03, 0x12, 0x26, 0x20};
	assert_int_equal(cal_cmos_decode(&bcd, CMOS_B_24H, &t), 0);
	assert_int_equal(t.year, 2026);
	assert_int_equal(t.mon, 12);
	assert_int_equal(t.mday, 3);
	assert_int_equal(t.hour, 6);
	assert_int_equal(t.min, 41);
	assert_int_equal(t.sec, 59);
	/* binary, 24 h, no century register: 20xx */
	struct cmos_raw bin = {59, 41, 23, 3, 12, 26, 0};
	assert_int_equal(cal_cmos_decode(&bin, CMOS_B_24H | CMOS_B_BINARY, &t), 0);
	assert_int_equal(t.year, 2026);
	assert_int_equal(t.hour, 23);
	/* 12-hour BCD: 12 AM is 0 h, 12 PM is 12 h, 11 PM is 23 h */
	struct cmos_raw h = bcd;
	h.hour = 0x12;
	assert_int_equal(cal_cmos_decode(&h, 0, &t), 0);
	assert_int_equal(t.hour, 0);
	h.hour = 0x80 | 0x12;
	assert_int_equal(cal_cmos_decode(&h, 0, &t), 0);
	assert_int_equal(t.hour, 12);
	h.hour = 0x80 | 0x11;
	assert_int_equal(cal_cmos_decode(&h, 0, &t), 0);
	assert_int_equal(t.hour, 23);
	h = bin;
	h.hour = 0x80 | 11; /* binary 12-hour */
	assert_int_equal(cal_cmos_decode(&h, CMOS_B_BINARY, &t), 0);
	assert_int_equal(t.hour, 23);
	/* century 19 with a year >= 70: 1999; with a year < 70 the century
	 * register is implausible and 20xx is taken */
	struct cmos_raw c19 = {0, 0, 0, 0x01, 0x01, 0x99, 0x19};
	assert_int_equal(cal_cmos_decode(&c19, CMOS_B_24H, &t), 0);
	assert_int_equal(t.year, 1999);
	c19.year = 0x05;
	assert_int_equal(cal_cmos_decode(&c19, CMOS_B_24H, &t), 0);
	assert_int_equal(t.year, 2005);
	c19.century = 0x99; /* garbage century: ignored */
	assert_int_equal(cal_cmos_decode(&c19, CMOS_B_24H, &t), 0);
	assert_int_equal(t.year, 2005);
}

static void test_cmos_decode_refuses_garbage(void **state)
{
	static const struct {
		struct cmos_raw raw;
		u8 regb;
	} bad[] = {
	    {{0x5A, 0x41, 0x06, 0x03, 0x12, 0x26, 0x20}, CMOS_B_24H}, /* BCD digit A */
	    {{0x60, 0x41, 0x06, 0x03, 0x12, 0x26, 0x20}, CMOS_B_24H}, /* second 60 */
	    {{0x00, 0x60, 0x06, 0x03, 0x12, 0x26, 0x20}, CMOS_B_24H}, /* minute 60 */
	    {{0x00, 0x00, 0x24, 0x03, 0x12, 0x26, 0x20}, CMOS_B_24H}, /* hour 24 */
	    {{0x00, 0x00, 0x00, 0x03, 0x13, 0x26, 0x20}, CMOS_B_24H}, /* month 13 */
	    {{0x00, 0x00, 0x00, 0x03, 0x00, 0x26, 0x20}, CMOS_B_24H}, /* month 0 */
	    {{0x00, 0x00, 0x00, 0x00, 0x12, 0x26, 0x20}, CMOS_B_24H}, /* day 0 */
	    {{0x00, 0x00, 0x00, 0x31, 0x04, 0x26, 0x20}, CMOS_B_24H}, /* April 31 */
	    {{0x00, 0x00, 0x00, 0x29, 0x02, 0x23, 0x20}, CMOS_B_24H}, /* 2023-02-29 */
	    {{0x00, 0x00, 0x00, 0x01, 0x01, 0xF0, 0x20}, CMOS_B_24H}, /* year F0 */
	    {{0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00}, 0},	      /* 12 h: hour 0 */
	    {{0x00, 0x00, 0x13, 0x01, 0x01, 0x26, 0x20}, 0},	      /* 12 h: hour 13 */
	    {{0x00, 0x00, 0x00, 0x01, 0x01, 100, 0}, CMOS_B_24H | CMOS_B_BINARY}, /* year 100 */
	    {{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, CMOS_B_24H},		  /* a dead chip */
	    {{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, CMOS_B_24H | CMOS_B_BINARY},
	};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct cal_time t = {1, 2, 3, 4, 5, 6, 7};
		assert_int_equal(cal_cmos_decode(&bad[i].raw, bad[i].regb, &t), -1);
		assert_int_equal(t.year, 1); /* untouched */
	}
}

static void test_cmos_roundtrip(void **state)
{
	static const u8 formats[] = {0, CMOS_B_24H, CMOS_B_BINARY, CMOS_B_24H | CMOS_B_BINARY};
	(void)state;
	for (s64 s = 0; s < 4102444800ll; s += 7919 * 13) {
		struct cal_time t, back;
		struct cmos_raw raw;
		assert_int_equal(cal_from_epoch(s, &t), 0);
		for (size_t f = 0; f < sizeof(formats); f++) {
			cal_cmos_encode(&t, formats[f], &raw);
			assert_int_equal(cal_cmos_decode(&raw, formats[f], &back), 0);
			assert_int_equal(cal_to_epoch(&back), s);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_day),
	    cmocka_unit_test(test_leap_rules),
	    cmocka_unit_test(test_cmos_decode_formats),
	    cmocka_unit_test(test_cmos_decode_refuses_garbage),
	    cmocka_unit_test(test_cmos_roundtrip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
