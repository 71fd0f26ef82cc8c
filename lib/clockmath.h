/*
 * Exact conversions between the clocks of a PC and nanoseconds.
 *
 * The 8254 PIT counts at 1193182 Hz (the NTSC colour burst, 315/88 MHz,
 * divided by 3).  One tick is 838.0953... ns, so a fixed "ns per tick"
 * drifts: these functions do the rational arithmetic ticks * 10^9 / 1193182
 * with 64-bit integers and say how they round.  Deadlines are converted with
 * the _ceil variants, so a timer programmed from them can never fire early.
 *
 * Fast conversions of the TSC use a mult/shift pair (ns = cyc * mult >>
 * shift) computed once at boot; the product is formed in 96 bits, so any
 * 64-bit cycle count converts without overflow.
 *
 * Hardware-free: host-tested in tests/host/test_clockmath.c.
 */
#ifndef TICK386_LIB_CLOCKMATH_H
#define TICK386_LIB_CLOCKMATH_H

#include "lib/types.h"

#define PIT_HZ 1193182u
#define NSEC_PER_SEC 1000000000u
#define PIT_DIVISOR_MAX 65536u /* a count of 0 in the chip means 65536 */

/* floor(a * mul / div) and ceil(a * mul / div), exact, for div != 0.  The
 * result must fit in 64 bits (it saturates to UINT64_MAX otherwise). */
u64 clockmath_muldiv(u64 a, u32 mul, u32 div);
u64 clockmath_muldiv_ceil(u64 a, u32 mul, u32 div);

/* PIT ticks <-> ns.  floor: "how much time has certainly passed";
 * ceil: "how long until a count of this many ticks has surely elapsed". */
static inline u64 pit_ticks_to_ns(u64 ticks)
{
	return clockmath_muldiv(ticks, NSEC_PER_SEC, PIT_HZ);
}
static inline u64 pit_ticks_to_ns_ceil(u64 ticks)
{
	return clockmath_muldiv_ceil(ticks, NSEC_PER_SEC, PIT_HZ);
}
static inline u64 pit_ns_to_ticks(u64 ns)
{
	return clockmath_muldiv(ns, PIT_HZ, NSEC_PER_SEC);
}
static inline u64 pit_ns_to_ticks_ceil(u64 ns)
{
	return clockmath_muldiv_ceil(ns, PIT_HZ, NSEC_PER_SEC);
}

/* The divisor (1..65536) whose period is nearest to period_ns. */
u32 pit_divisor_for_period(u64 period_ns);

/*
 * mult/shift for converting a counter of from_hz into units of to_hz:
 * the largest shift <= 32 whose mult = round(to_hz * 2^shift / from_hz)
 * still fits in 32 bits (more shift, more precision).  Returns the shift;
 * from_hz must be >= 1 and to_hz <= 2^32 - 1.
 */
u32 clockmath_mult_shift(u64 from_hz, u32 to_hz, u32 *mult);

/*
 * (cyc * mult) >> shift, the product in 96 bits: exact for any cyc.
 * cyc = hi * 2^32 + lo, so
 *     cyc * mult >> shift = (hi * mult) << (32 - shift)  +  (lo * mult) >> shift
 * exactly, because hi * mult * 2^32 is a multiple of 2^shift (shift <= 32),
 * so no carry out of the low part is lost.  Inline: the vDSO runs it too,
 * and with shift 32 (a TSC of 1 GHz or more) it is two multiplications.
 */
static inline u64 clockmath_scale(u64 cyc, u32 mult, u32 shift)
{
	u64 hi = cyc >> 32, lo = (u32)cyc;

	return ((hi * mult) << (32 - shift)) + ((lo * mult) >> shift);
}

/*
 * (hi * 2^32 + lo) / div for a 32-bit div, where hi < div: the quotient then
 * fits in 32 bits, which is exactly what one i386 `divl` computes (edx:eax
 * by a 32-bit operand).  gcc would call libgcc's 64-by-64 division instead,
 * a few hundred instructions (and the vDSO has no libgcc); the clock event
 * path runs this on every interrupt.  Elsewhere (the host) plain C.
 */
static inline u32 clockmath_div_narrow(u32 hi, u32 lo, u32 div, u32 *rem)
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
static inline u64 clockmath_div_u32(u64 a, u32 div, u32 *rem)
{
	u32 r;
	u32 qh = clockmath_div_narrow(0, (u32)(a >> 32), div, &r);
	u32 ql = clockmath_div_narrow(r, (u32)a, div, rem);
	return (u64)qh << 32 | ql;
}

#endif
