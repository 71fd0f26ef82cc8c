/*
 * The small <math.h>.  Rounding goes through the x87 (frndint under a
 * chosen rounding mode); sqrt is fsqrt, fmod is fprem, all exact by the
 * x87's definition.  pow handles integer exponents exactly (by squaring) and
 * others through the x87's log2/exp2 instructions.
 */
#include <math.h>
#include <stdint.h>

double fabs(double x)
{
	return __builtin_fabs(x);
}

float fabsf(float x)
{
	return __builtin_fabsf(x);
}

double copysign(double x, double y)
{
	return __builtin_copysign(x, y);
}

/* frndint with the x87 rounding control set to mode (0 near, 1 down, 2 up, 3 zero). */
static double round_mode(double x, unsigned int mode)
{
	unsigned short cw, newcw;
	long double r = x;

	__asm__ volatile("fnstcw %0" : "=m"(cw));
	newcw = (unsigned short)((cw & ~0x0c00u) | (mode << 10));
	__asm__ volatile("fldcw %0" : : "m"(newcw));
	__asm__ volatile("frndint" : "+t"(r));
	__asm__ volatile("fldcw %0" : : "m"(cw));
	return (double)r;
}

double rint(double x)
{
	return round_mode(x, 0);
}

double nearbyint(double x)
{
	return round_mode(x, 0);
}

double floor(double x)
{
	return round_mode(x, 1);
}

double ceil(double x)
{
	return round_mode(x, 2);
}

double trunc(double x)
{
	return round_mode(x, 3);
}

/* Halves away from zero. */
double round(double x)
{
	double t = trunc(x);

	if (fabs(x - t) >= 0.5)
		t += x < 0 ? -1.0 : 1.0;
	return t;
}

long lround(double x)
{
	return (long)round(x);
}

long long llround(double x)
{
	return (long long)round(x);
}

long lrint(double x)
{
	return (long)rint(x);
}

long long llrint(double x)
{
	return (long long)rint(x);
}

double sqrt(double x)
{
	long double r = x;

	__asm__("fsqrt" : "+t"(r));
	return (double)r;
}

float sqrtf(float x)
{
	return (float)sqrt(x);
}

double fmod(double x, double y)
{
	long double a = x, b = y;
	unsigned short status;

	do {
		__asm__ volatile("fprem; fnstsw %1" : "+t"(a), "=a"(status) : "u"(b));
	} while (status & 0x0400); /* C2: reduction incomplete */
	return (double)a;
}

double modf(double x, double *ip)
{
	double t = trunc(x);

	*ip = t;
	return copysign(isinf(x) ? 0.0 : x - t, x);
}

double ldexp(double x, int e)
{
	long double r = x, scale = e;

	__asm__("fscale" : "+t"(r) : "u"(scale));
	return (double)r;
}

double frexp(double x, int *e)
{
	union {
		double d;
		uint64_t u;
	} v = {x};
	int exp = (int)((v.u >> 52) & 0x7ff);

	if (x == 0 || exp == 0x7ff) {
		*e = 0;
		return x;
	}
	if (exp == 0) {			       /* subnormal: normalize first */
		v.d = x * 18014398509481984.0; /* 2^54 */
		exp = (int)((v.u >> 52) & 0x7ff) - 54;
	}
	*e = exp - 1022;
	v.u = (v.u & ~(0x7ffULL << 52)) | (1022ULL << 52);
	return v.d;
}

double fmin(double a, double b)
{
	return isnan(a) ? b : isnan(b) ? a : a < b ? a : b;
}

double fmax(double a, double b)
{
	return isnan(a) ? b : isnan(b) ? a : a > b ? a : b;
}

double hypot(double x, double y)
{
	return sqrt(x * x + y * y);
}

/* 2^y for any y: fscale takes the integer part, f2xm1 the rest. */
static long double exp2_x87(long double y)
{
	long double i = round_mode((double)y, 3), f = y - i, r;

	__asm__("f2xm1" : "=t"(r) : "0"(f));
	r += 1.0L;
	__asm__("fscale" : "+t"(r) : "u"(i));
	return r;
}

double pow(double x, double y)
{
	long double r = 1.0L, base = x, lg;
	long long n;

	if (y == 0)
		return 1.0;
	if (y == trunc(y) && fabs(y) < 9.0e15) {
		n = (long long)y;
		for (unsigned long long k = (unsigned long long)(n < 0 ? -n : n); k; k >>= 1) {
			if (k & 1)
				r *= base;
			base *= base;
		}
		return (double)(n < 0 ? 1.0L / r : r);
	}
	if (x < 0)
		return NAN;
	if (x == 0)
		return y > 0 ? 0.0 : HUGE_VAL;
	lg = x;
	__asm__("fyl2x" : "=t"(r) : "0"(lg), "u"(1.0L) : "st(1)");
	return (double)exp2_x87(r * y);
}
