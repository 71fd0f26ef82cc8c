/*
 * Calendar time.  tick386 keeps no time zone: local time is UTC, tzname is
 * "UTC", timezone and daylight are 0.
 *
 * Dates are proleptic Gregorian.  Conversions walk whole years from 1970,
 * after jumping whole 400-year cycles (146097 days, the period after which
 * the Gregorian calendar repeats), so a loop never runs more than 400 times.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define DAYS_PER_400_YEARS 146097LL

char *tzname[2] = {"UTC", "UTC"};
long timezone;
int daylight;

void tzset(void)
{
}

static int is_leap(long long y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int days_in_year(long long y)
{
	return is_leap(y) ? 366 : 365;
}

static const int month_days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

static int days_in_month(long long y, int m)
{
	return month_days[m] + (m == 1 && is_leap(y));
}

/* Days since 1970-01-01 of day d (1-based) of month m (0..11) of year y. */
static long long days_from_civil(long long y, int m, int d)
{
	long long days = 0, year = 1970;
	int i;

	days += (y - year) / 400 * DAYS_PER_400_YEARS;
	year += (y - year) / 400 * 400;
	for (; year < y; year++)
		days += days_in_year(year);
	for (; year > y; year--)
		days -= days_in_year(year - 1);
	for (i = 0; i < m; i++)
		days += days_in_month(y, i);
	return days + d - 1;
}

/* The date of day `days` since 1970-01-01; *yday counts from 0. */
static void civil_from_days(long long days, long long *y, int *m, int *d, int *yday)
{
	long long year = 1970 + days / DAYS_PER_400_YEARS * 400;
	int month = 0;

	days %= DAYS_PER_400_YEARS;
	while (days < 0) {
		year--;
		days += days_in_year(year);
	}
	while (days >= days_in_year(year)) {
		days -= days_in_year(year);
		year++;
	}
	*yday = (int)days;
	while (days >= days_in_month(year, month)) {
		days -= days_in_month(year, month);
		month++;
	}
	*y = year;
	*m = month;
	*d = (int)days + 1;
}

struct tm *gmtime_r(const time_t *t, struct tm *out)
{
	long long secs = *t, days = secs / 86400, rem = secs % 86400, year;
	int month, day, yday;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	civil_from_days(days, &year, &month, &day, &yday);
	if (year - 1900 > INT_MAX || year - 1900 < INT_MIN) {
		errno = EOVERFLOW;
		return NULL;
	}
	out->tm_year = (int)(year - 1900);
	out->tm_mon = month;
	out->tm_mday = day;
	out->tm_hour = (int)(rem / 3600);
	out->tm_min = (int)(rem / 60 % 60);
	out->tm_sec = (int)(rem % 60);
	out->tm_wday = (int)(((days % 7) + 11) % 7); /* 1970-01-01 was a Thursday */
	out->tm_yday = yday;
	out->tm_isdst = 0;
	out->tm_gmtoff = 0;
	out->tm_zone = "UTC";
	return out;
}

struct tm *gmtime(const time_t *t)
{
	static struct tm tm;

	return gmtime_r(t, &tm);
}

struct tm *localtime_r(const time_t *t, struct tm *out)
{
	return gmtime_r(t, out);
}

struct tm *localtime(const time_t *t)
{
	return gmtime(t);
}

/* timegm/mktime: fields out of range are carried, then tm is normalized. */
time_t timegm(struct tm *tm)
{
	long long mon = tm->tm_mon, year = (long long)tm->tm_year + 1900 + mon / 12, secs;
	time_t t;

	mon %= 12;
	if (mon < 0) {
		mon += 12;
		year--;
	}
	secs = days_from_civil(year, (int)mon, 1) + tm->tm_mday - 1;
	secs =
	    secs * 86400 + (long long)tm->tm_hour * 3600 + (long long)tm->tm_min * 60 + tm->tm_sec;
	t = (time_t)secs;
	if ((long long)t != secs) {
		errno = EOVERFLOW;
		return (time_t)-1;
	}
	gmtime_r(&t, tm);
	return t;
}

time_t mktime(struct tm *tm)
{
	return timegm(tm);
}

double difftime(time_t t1, time_t t0)
{
	return (double)t1 - (double)t0;
}

static const char day_names[7][4] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
static const char month_names[12][4] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
					"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
static const char *const day_full[7] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
					"Thursday", "Friday", "Saturday"};
static const char *const month_full[12] = {"January",	"February", "March",	"April",
					   "May",	"June",	    "July",	"August",
					   "September", "October",  "November", "December"};

/* "Thu Jan  1 00:00:00 1970\n", as C specifies it. */
char *asctime_r(const struct tm *tm, char *buf)
{
	snprintf(buf, 26, "%.3s %.3s%3d %.2d:%.2d:%.2d %d\n",
		 tm->tm_wday >= 0 && tm->tm_wday < 7 ? day_names[tm->tm_wday] : "???",
		 tm->tm_mon >= 0 && tm->tm_mon < 12 ? month_names[tm->tm_mon] : "???", tm->tm_mday,
		 tm->tm_hour, tm->tm_min, tm->tm_sec, 1900 + tm->tm_year);
	return buf;
}

char *asctime(const struct tm *tm)
{
	static char buf[32];

	return asctime_r(tm, buf);
}

char *ctime_r(const time_t *t, char *buf)
{
	struct tm tm;

	return gmtime_r(t, &tm) ? asctime_r(&tm, buf) : NULL;
}

char *ctime(const time_t *t)
{
	static char buf[32];

	return ctime_r(t, buf);
}

/* strftime: the C conversions and the common POSIX ones, C locale. */
size_t strftime(char *s, size_t max, const char *fmt, const struct tm *tm)
{
	size_t n = 0;
	char tmp[64];

	for (; *fmt; fmt++) {
		const char *add = tmp;

		if (*fmt != '%') {
			tmp[0] = *fmt;
			tmp[1] = '\0';
		} else {
			fmt++;
			if (*fmt == 'E' || *fmt == 'O')
				fmt++;
			switch (*fmt) {
			case 'a':
				add = day_names[tm->tm_wday % 7];
				break;
			case 'A':
				add = day_full[tm->tm_wday % 7];
				break;
			case 'b':
			case 'h':
				add = month_names[tm->tm_mon % 12];
				break;
			case 'B':
				add = month_full[tm->tm_mon % 12];
				break;
			case 'c': {
				char b[32];

				asctime_r(tm, b);
				b[24] = '\0';
				snprintf(tmp, sizeof(tmp), "%s", b);
				break;
			}
			case 'C':
				snprintf(tmp, sizeof(tmp), "%02d", (1900 + tm->tm_year) / 100);
				break;
			case 'd':
				snprintf(tmp, sizeof(tmp), "%02d", tm->tm_mday);
				break;
			case 'D':
				snprintf(tmp, sizeof(tmp), "%02d/%02d/%02d", tm->tm_mon + 1,
					 tm->tm_mday, (tm->tm_year + 1900) % 100);
				break;
			case 'e':
				snprintf(tmp, sizeof(tmp), "%2d", tm->tm_mday);
				break;
			case 'F':
				snprintf(tmp, sizeof(tmp), "%d-%02d-%02d", tm->tm_year + 1900,
					 tm->tm_mon + 1, tm->tm_mday);
				break;
			case 'H':
				snprintf(tmp, sizeof(tmp), "%02d", tm->tm_hour);
				break;
			case 'I':
				snprintf(tmp, sizeof(tmp), "%02d",
					 tm->tm_hour % 12 ? tm->tm_hour % 12 : 12);
				break;
			case 'j':
				snprintf(tmp, sizeof(tmp), "%03d", tm->tm_yday + 1);
				break;
			case 'm':
				snprintf(tmp, sizeof(tmp), "%02d", tm->tm_mon + 1);
				break;
			case 'M':
				snprintf(tmp, sizeof(tmp), "%02d", tm->tm_min);
				break;
			case 'n':
				add = "\n";
				break;
			case 'p':
				add = tm->tm_hour < 12 ? "AM" : "PM";
				break;
			case 'r':
				snprintf(tmp, sizeof(tmp), "%02d:%02d:%02d %s",
					 tm->tm_hour % 12 ? tm->tm_hour % 12 : 12, tm->tm_min,
					 tm->tm_sec, tm->tm_hour < 12 ? "AM" : "PM");
				break;
			case 'R':
				snprintf(tmp, sizeof(tmp), "%02d:%02d", tm->tm_hour, tm->tm_min);
				break;
			case 's': {
				struct tm copy = *tm;

				snprintf(tmp, sizeof(tmp), "%ld", (long)timegm(&copy));
				break;
			}
			case 'S':
				snprintf(tmp, sizeof(tmp), "%02d", tm->tm_sec);
				break;
			case 't':
				add = "\t";
				break;
			case 'T':
				snprintf(tmp, sizeof(tmp), "%02d:%02d:%02d", tm->tm_hour,
					 tm->tm_min, tm->tm_sec);
				break;
			case 'u':
				snprintf(tmp, sizeof(tmp), "%d", tm->tm_wday ? tm->tm_wday : 7);
				break;
			case 'w':
				snprintf(tmp, sizeof(tmp), "%d", tm->tm_wday);
				break;
			case 'x':
				snprintf(tmp, sizeof(tmp), "%02d/%02d/%02d", tm->tm_mon + 1,
					 tm->tm_mday, (tm->tm_year + 1900) % 100);
				break;
			case 'X':
				snprintf(tmp, sizeof(tmp), "%02d:%02d:%02d", tm->tm_hour,
					 tm->tm_min, tm->tm_sec);
				break;
			case 'y':
				snprintf(tmp, sizeof(tmp), "%02d", (tm->tm_year + 1900) % 100);
				break;
			case 'Y':
				snprintf(tmp, sizeof(tmp), "%d", tm->tm_year + 1900);
				break;
			case 'z':
				add = "+0000";
				break;
			case 'Z':
				add = "UTC";
				break;
			case '%':
				add = "%";
				break;
			default:
				snprintf(tmp, sizeof(tmp), "%%%c", *fmt);
				if (!*fmt)
					fmt--;
				break;
			}
		}
		while (*add) {
			if (n + 1 >= max)
				return 0;
			s[n++] = *add++;
		}
	}
	if (n >= max)
		return 0;
	s[n] = '\0';
	return n;
}
