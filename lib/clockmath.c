/*
 * Rational clock arithmetic without 128-bit integers.  The trick of both
 * functions: split the 64-bit operand where the partial products still fit.
 */
#include "lib/clockmath.h"

/*
 * (hi * 2^32 + lo) / div for a 32-bit div, where hi < div: the quotient then
 * fits in 32 bits, which is exactly what one i386 `divl` computes (edx:eax
 * by a 32-bit operand).  gcc would call libgcc's 64-by-64 division instead,
 * a few hundred instructions; the clock event path runs this on every
 * interrupt.  Elsewhere (the host) plain C.
 */
static inline u32 div_narrow(u32 hi, u32 lo, u32 div, u32 *rem)
{
#if defined(__i386__)
	u32 q, r;
	__asm__("divl %4" : "=a"(q), "=d"(r) : "a"(lo), "d"(hi), "rm"(div));
	*rem = r;
	return q;
#else
	u64 n = (u64)hi << 32 | lo;
	*rem = (u32)(n % div);
	return (u32)(n / div);
#endif
}

/* 64-bit by 32-bit division with remainder, by two narrow steps (the
 * schoolbook long division in base 2^32). */
static inline u64 div_u64_u32(u64 a, u32 div, u32 *rem)
{
	u32 r;
	u32 qh = div_narrow(0, (u32)(a >> 32), div, &r);
	u32 ql = div_narrow(r, (u32)a, div, rem);
	return (u64)qh << 32 | ql;
}

/*
 * a * mul / div = (q * div + r) * mul / div = q * mul + r * mul / div,
 * with q = a / div and r = a % div < div.  r * mul < div * 2^32, so the
 * second quotient fits in 32 bits (one narrow division), and the only
 * product that can overflow is q * mul, and when it does the true result
 * does not fit either.
 */
static u64 muldiv(u64 a, u32 mul, u32 div, bool ceil)
{
	u32 r, rr;
	u64 q = div_u64_u32(a, div, &r);
	u64 rm = (u64)r * mul;
	u64 frac = div_narrow((u32)(rm >> 32), (u32)rm, div, &rr);
	u64 whole;

	frac += ceil && rr ? 1 : 0;
	if ((q >> 32) && mul && q > UINT64_MAX / mul)
		return UINT64_MAX;
	whole = q * mul;
	if (whole > UINT64_MAX - frac)
		return UINT64_MAX;
	return whole + frac;
}

u64 clockmath_muldiv(u64 a, u32 mul, u32 div)
{
	return muldiv(a, mul, div, false);
}

u64 clockmath_muldiv_ceil(u64 a, u32 mul, u32 div)
{
	return muldiv(a, mul, div, true);
}

u32 pit_divisor_for_period(u64 period_ns)
{
	/* nearest count: floor, then up when the remainder of ns * HZ / 10^9
	 * is at least one half; ns * HZ mod 10^9 = ((ns mod 10^9) * HZ) mod 10^9 */
	u64 d = clockmath_muldiv(period_ns, PIT_HZ, NSEC_PER_SEC);
	u64 rem = (period_ns % NSEC_PER_SEC) * PIT_HZ % NSEC_PER_SEC;

	if (rem >= NSEC_PER_SEC / 2)
		d++;
	if (d < 1)
		d = 1;
	if (d > PIT_DIVISOR_MAX)
		d = PIT_DIVISOR_MAX;
	return (u32)d;
}

u32 clockmath_mult_shift(u64 from_hz, u32 to_hz, u32 *mult)
{
	for (u32 shift = 32;; shift--) {
		/* round(to_hz * 2^shift / from_hz); to_hz * 2^32 < 2^64 */
		u64 num = (u64)to_hz << shift;
		u64 m = num / from_hz + (num % from_hz >= (from_hz + 1) / 2 ? 1 : 0);
		if (m <= UINT32_MAX || shift == 0) {
			*mult = m > UINT32_MAX ? UINT32_MAX : (u32)m;
			return shift;
		}
	}
}

/*
 * cyc = hi * 2^32 + lo.  cyc * mult >> shift
 *     = (hi * mult) << (32 - shift)  +  (lo * mult) >> shift
 * exactly, because hi * mult * 2^32 is a multiple of 2^shift (shift <= 32),
 * so no carry out of the low part is lost.
 */
u64 clockmath_scale(u64 cyc, u32 mult, u32 shift)
{
	u64 hi = cyc >> 32, lo = (u32)cyc;

	return ((hi * mult) << (32 - shift)) + ((lo * mult) >> shift);
}
