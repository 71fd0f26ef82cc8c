/*
 * Rational clock arithmetic without 128-bit integers.  The trick of both
 * functions: split the 64-bit operand where the partial products still fit.
 */
#include "lib/clockmath.h"

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
	u64 q = clockmath_div_u32(a, div, &r);
	u64 rm = (u64)r * mul;
	u64 frac = clockmath_div_narrow((u32)(rm >> 32), (u32)rm, div, &rr);
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
