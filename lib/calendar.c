/*
 * The calendar arithmetic.  A day number since 1970 is the sum of whole
 * years (365 each plus the leap days before), whole months of the year and
 * the day of the month; the inverse guesses the year from 365.2425 days a
 * year and corrects the guess by at most one.
 */
#include "lib/calendar.h"

static const u16 days_before_month[2][13] = {
    {0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334},
    {0, 0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335},
};

bool cal_is_leap(int year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int cal_days_in_month(int year, int mon)
{
	static const u8 days[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

	if (mon < 1 || mon > 12)
		return 0;
	return days[mon] + (mon == 2 && cal_is_leap(year) ? 1 : 0);
}

bool cal_valid(const struct cal_time *t)
{
	return t->year >= CAL_YEAR_MIN && t->year <= CAL_YEAR_MAX && t->mon >= 1 && t->mon <= 12 &&
	       t->mday >= 1 && t->mday <= cal_days_in_month(t->year, t->mon) && t->hour >= 0 &&
	       t->hour <= 23 && t->min >= 0 && t->min <= 59 && t->sec >= 0 && t->sec <= 59;
}

/* Leap years in [1, year): the Gregorian rule counted by divisions. */
static s64 leaps_before(int year)
{
	int y = year - 1;
	return y / 4 - y / 100 + y / 400;
}

/* Days from 1970-01-01 to January 1st of year. */
static s64 days_before_year(int year)
{
	return 365 * (s64)(year - 1970) + leaps_before(year) - leaps_before(1970);
}

s64 cal_to_epoch(const struct cal_time *t)
{
	s64 days;

	if (!cal_valid(t))
		return -1;
	days = days_before_year(t->year) + days_before_month[cal_is_leap(t->year)][t->mon] +
	       (t->mday - 1);
	return ((days * 24 + t->hour) * 60 + t->min) * 60 + t->sec;
}

int cal_from_epoch(s64 secs, struct cal_time *t)
{
	s64 days, rem;
	int year, mon, leap;

	if (secs < 0 || secs >= days_before_year(CAL_YEAR_MAX + 1) * 86400)
		return -1;
	days = secs / 86400;
	rem = secs % 86400;
	/* 1970-01-01 was a Thursday */
	t->wday = (int)((days + 4) % 7);
	t->hour = (int)(rem / 3600);
	t->min = (int)(rem / 60 % 60);
	t->sec = (int)(rem % 60);

	/* 400 Gregorian years are 146097 days: the guess is never too small
	 * by more than one year and never too large by more than one. */
	year = 1970 + (int)(days * 400 / 146097);
	while (days_before_year(year) > days)
		year--;
	while (days_before_year(year + 1) <= days)
		year++;
	days -= days_before_year(year);
	leap = cal_is_leap(year);
	for (mon = 12; days_before_month[leap][mon] > days; mon--)
		;
	t->year = year;
	t->mon = mon;
	t->mday = (int)(days - days_before_month[leap][mon]) + 1;
	return 0;
}

/* A BCD byte's value, or -1 if a nibble is not a decimal digit. */
static int bcd_decode(u8 v)
{
	if ((v & 0x0F) > 9 || (v >> 4) > 9)
		return -1;
	return (v >> 4) * 10 + (v & 0x0F);
}

static int field(u8 v, u8 regb)
{
	return regb & CMOS_B_BINARY ? v : bcd_decode(v);
}

static u8 encode(int v, u8 regb)
{
	return regb & CMOS_B_BINARY ? (u8)v : (u8)((v / 10) << 4 | v % 10);
}

int cal_cmos_decode(const struct cmos_raw *raw, u8 regb, struct cal_time *t)
{
	struct cal_time c;
	int yy, century, hour;

	c.sec = field(raw->sec, regb);
	c.min = field(raw->min, regb);
	c.mday = field(raw->mday, regb);
	c.mon = field(raw->mon, regb);
	yy = field(raw->year, regb);
	if (regb & CMOS_B_24H) {
		hour = field(raw->hour, regb);
	} else {
		/* 12-hour: 12 AM is midnight, 12 PM is noon, bit 7 is PM */
		hour = field(raw->hour & 0x7F, regb);
		if (hour < 1 || hour > 12)
			return -1;
		hour %= 12;
		if (raw->hour & 0x80)
			hour += 12;
	}
	c.hour = hour;
	if (c.sec < 0 || c.min < 0 || c.mday < 0 || c.mon < 0 || yy < 0 || yy > 99 || hour < 0)
		return -1;
	century = raw->century ? field(raw->century, regb) : -1;
	/* plausible: gives a year the conversions cover; else assume 20xx */
	if (century < 19 || century > 23 || century * 100 + yy < CAL_YEAR_MIN)
		century = 20;
	c.year = century * 100 + yy;
	c.wday = 0;
	if (!cal_valid(&c))
		return -1;
	*t = c;
	return 0;
}

void cal_cmos_encode(const struct cal_time *t, u8 regb, struct cmos_raw *raw)
{
	raw->sec = encode(t->sec, regb);
	raw->min = encode(t->min, regb);
	raw->mday = encode(t->mday, regb);
	raw->mon = encode(t->mon, regb);
	raw->year = encode(t->year % 100, regb);
	raw->century = encode(t->year / 100, regb);
	if (regb & CMOS_B_24H) {
		raw->hour = encode(t->hour, regb);
	} else {
		int h12 = t->hour % 12 ? t->hour % 12 : 12;
		raw->hour = encode(h12, regb) | (t->hour >= 12 ? 0x80 : 0);
	}
}
