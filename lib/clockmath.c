/*
 * Rational clock arithmetic without 128-bit integers.  The trick of both
 * functions: split the 64-bit operand where the partial products still fit.
 */
#include "lib/clockmath.h"

/*
 * a * mul / div = (q * div + r) * mul / div = q * mul + r * mul / div,
 * with q = a / div and r = a % div < div.  r * mul < 2^64 because both are
 * 32-bit, so the only product that can overflow is q * mul, and when it does
 * the true result does not fit either.
 */
static u64 muldiv(u64 a, u32 mul, u32 div, bool ceil)
{
	u64 q = a / div, r = a % div;
	u64 rm = r * mul;
	u64 frac = rm / div + (ceil && rm % div ? 1 : 0);
	u64 whole;

	if (mul && q > UINT64_MAX / mul)
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
