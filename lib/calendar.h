/*
 * Calendar time (UTC, proleptic Gregorian) <-> seconds since 1970, and the
 * decoding of the CMOS clock's registers with the checks that keep a
 * corrupt chip from being believed.
 *
 * Hardware-free: the RTC driver reads the bytes, this file judges them.
 * Host-tested in tests/host/test_calendar.c against glibc's timegm/gmtime.
 */
#ifndef TICK386_LIB_CALENDAR_H
#define TICK386_LIB_CALENDAR_H

#include "lib/types.h"

#define CAL_YEAR_MIN 1970
#define CAL_YEAR_MAX 2399 /* the conversions are exact over this range */

struct cal_time {
	int year; /* 1970.. */
	int mon;  /* 1..12 */
	int mday; /* 1..31 */
	int hour; /* 0..23 */
	int min;  /* 0..59 */
	int sec;  /* 0..59 (the CMOS clock knows no leap second) */
	int wday; /* 0 = Sunday; filled by cal_from_epoch, ignored on input */
};

bool cal_is_leap(int year);
int cal_days_in_month(int year, int mon);
/* Every field in range for its month and year (CAL_YEAR_MIN..MAX). */
bool cal_valid(const struct cal_time *t);
/* Seconds since 1970-01-01 00:00:00 UTC; -1 if t is not valid. */
s64 cal_to_epoch(const struct cal_time *t);
/* The calendar time of secs (0 .. the end of CAL_YEAR_MAX); -1 if out of range. */
int cal_from_epoch(s64 secs, struct cal_time *t);

/*
 * The MC146818's time registers as read, and register B's two format bits:
 * DM (bit 2) set = binary, clear = BCD; 24/12 (bit 1) set = 24-hour.  In
 * 12-hour mode bit 7 of the hour register is PM.  century is register 0x32
 * (an ACPI/IBM convention, not the MC146818's own) or 0 when absent.
 */
#define CMOS_B_24H 0x02
#define CMOS_B_BINARY 0x04

struct cmos_raw {
	u8 sec, min, hour, mday, mon, year, century;
};

/* Decode and validate: 0, or -1 (with t untouched) for a value the chip
 * should never give: an invalid BCD digit, a field out of range.  A century
 * byte that is not 19..23 is ignored (20xx assumed). */
int cal_cmos_decode(const struct cmos_raw *raw, u8 regb, struct cal_time *t);
/* Encode t (valid) in the format of regb. */
void cal_cmos_encode(const struct cal_time *t, u8 regb, struct cmos_raw *raw);

#endif
