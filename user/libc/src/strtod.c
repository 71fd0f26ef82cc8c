/*
 * strtod and atof: decimal (with exponent), hexadecimal (0x...p...),
 * inf, infinity, nan.  Up to 19 significant decimal digits are gathered in
 * an integer and scaled by a power of ten computed in x87 long double
 * (64-bit mantissa), so results are within an ulp of the exact value but
 * not always correctly rounded in the last bit.  Overflow gives HUGE_VAL
 * and ERANGE, underflow 0 and ERANGE.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <strings.h>

static long double power_of(long double radix, int e)
{
	long double result = 1.0L, base = radix;
	unsigned int n = (unsigned int)(e < 0 ? -e : e);

	for (; n; n >>= 1, base *= base)
		if (n & 1)
			result *= base;
	return e < 0 ? 1.0L / result : result;
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

static double parse_hex(const char *p, const char **end)
{
	uint64_t mant = 0;
	int exp2 = 0, any = 0, d, esign = 1, e = 0;

	for (; (d = hex_value((unsigned char)*p)) >= 0; p++, any = 1) {
		if (mant >> 60)
			exp2 += 4;
		else
			mant = mant * 16 + (unsigned)d;
	}
	if (*p == '.')
		for (p++; (d = hex_value((unsigned char)*p)) >= 0; p++, any = 1)
			if (!(mant >> 60)) {
				mant = mant * 16 + (unsigned)d;
				exp2 -= 4;
			}
	if (!any)
		return *end = NULL, 0.0;
	if ((*p == 'p' || *p == 'P') &&
	    (isdigit((unsigned char)p[1]) ||
	     ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2])))) {
		p++;
		if (*p == '+' || *p == '-')
			esign = *p++ == '-' ? -1 : 1;
		for (; isdigit((unsigned char)*p); p++)
			if (e < 100000)
				e = e * 10 + (*p - '0');
		exp2 += esign * e;
	}
	*end = p;
	return (double)((long double)mant * power_of(2.0L, exp2));
}

double strtod(const char *s, char **endp)
{
	const char *p = s, *end;
	int neg = 0, digits = 0, exp10 = 0, any = 0, esign = 1, e = 0;
	uint64_t mant = 0;
	long double v;
	double result;

	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (!strncasecmp(p, "inf", 3)) {
		p += strncasecmp(p, "infinity", 8) ? 3 : 8;
		if (endp)
			*endp = (char *)p;
		return neg ? -__builtin_inf() : __builtin_inf();
	}
	if (!strncasecmp(p, "nan", 3)) {
		p += 3;
		if (*p == '(') {
			const char *q = p + 1;

			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
			if (*q == ')')
				p = q + 1;
		}
		if (endp)
			*endp = (char *)p;
		return neg ? -__builtin_nan("") : __builtin_nan("");
	}
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		result = parse_hex(p + 2, &end);
		if (end) {
			if (endp)
				*endp = (char *)end;
			return neg ? -result : result;
		}
	}
	for (; isdigit((unsigned char)*p); p++, any = 1) {
		if (digits < 19) {
			mant = mant * 10 + (unsigned)(*p - '0');
			if (mant)
				digits++;
		} else {
			exp10++;
		}
	}
	if (*p == '.')
		for (p++; isdigit((unsigned char)*p); p++, any = 1)
			if (digits < 19) {
				mant = mant * 10 + (unsigned)(*p - '0');
				if (mant)
					digits++;
				exp10--;
			}
	if (!any) {
		if (endp)
			*endp = (char *)s;
		return 0.0;
	}
	if ((*p == 'e' || *p == 'E') &&
	    (isdigit((unsigned char)p[1]) ||
	     ((p[1] == '+' || p[1] == '-') && isdigit((unsigned char)p[2])))) {
		p++;
		if (*p == '+' || *p == '-')
			esign = *p++ == '-' ? -1 : 1;
		for (; isdigit((unsigned char)*p); p++)
			if (e < 100000)
				e = e * 10 + (*p - '0');
		exp10 += esign * e;
	}
	if (endp)
		*endp = (char *)p;
	if (mant == 0)
		return neg ? -0.0 : 0.0;
	if (exp10 > 330) {
		v = __builtin_infl();
	} else if (exp10 < -360) {
		v = 0;
	} else if (exp10 < -300) {
		/* Two steps, so that 10^exp10 does not underflow on the way. */
		v = (long double)mant * power_of(10.0L, exp10 + 40) * power_of(10.0L, -40);
	} else {
		v = (long double)mant * power_of(10.0L, exp10);
	}
	result = (double)v;
	if (__builtin_isinf(result) || (result == 0.0 && mant))
		errno = ERANGE;
	return neg ? -result : result;
}

double atof(const char *s)
{
	return strtod(s, NULL);
}

float strtof(const char *s, char **end)
{
	return (float)strtod(s, end);
}

long double strtold(const char *s, char **end)
{
	return strtod(s, end);
}
