/*
 * The clocks as one function of the TSC, written once for the two programs
 * that compute it: the kernel (kernel/time/clock.c, behind the system calls)
 * and the vDSO (arch/i386/vdso/vclock.c, in user space, from a data page
 * the kernel keeps: kernel/time/vdso_data.c).  Sharing the code is what
 * makes "the vDSO's clock equals the system call's" true by construction.
 *
 *   raw  = (tsc - cycle_base) * mult >> shift                 MONOTONIC_RAW
 *   mono = base_mono + d + correction(d),  d = raw - base_raw
 *   real = mono + realtime_offset,   tai = real + tai_offset_sec * 10^9
 *   coarse = the fine clock truncated to VCLOCK_COARSE_NS
 *
 * (kernel/time/clock.c's opening comment says why.)  Every clock but RAW is
 * base + d + correction(d); the data page stores, per clock id, the offset
 * base - base_raw, so that a read is offset + raw, plus the correction only
 * while adjtimex slews or corrects the rate.  Sums are modulo 2^64, exactly
 * as the kernel's, so the two agree to the nanosecond on the same TSC value.
 *
 * Hardware-free (the TSC value is an argument): host-tested in
 * tests/host/test_vclock.c.
 */
#ifndef TICK386_LIB_VCLOCK_H
#define TICK386_LIB_VCLOCK_H

#define VCLOCK_SLEW_RAW_NS_PER_NS 2000u /* adjtime at 500 ppm: 1 ns per 2000 ns */
#define VCLOCK_COARSE_NS 10000000u	/* the coarse clocks' tick: 100 Hz (USER_HZ) */
#define VCLOCK_IDS 16			/* clock ids 0..15 have a slot */

/* How the vDSO reads clock id i (vclock_data.mode[i]). */
#define VCLOCK_KERNEL 0	   /* ask the kernel: no TSC, a CPU-time clock, no clock */
#define VCLOCK_TSC 1	   /* offset + raw: alone, the fast path (shift 32) */
#define VCLOCK_SHIFT 2	   /* the shift is not 32 */
#define VCLOCK_ADJUSTED 4  /* adj != 0: + vclock_correction(raw - base_raw) */
#define VCLOCK_COARSE 8	   /* truncated to VCLOCK_COARSE_NS */
#define VCLOCK_SLEWING 16 /* slew != 0: + vclock_correction(raw - base_raw) */

/* Byte offsets in struct vclock_data, for the vDSO's assembly fast path
 * (the .S files of arch/i386/vdso; vclock.c checks them). */
#define VCLOCK_DATA_SEQ 0
#define VCLOCK_DATA_MULT 4
#define VCLOCK_DATA_ADJ_MULT 20 /* |adj| */
#define VCLOCK_DATA_CYCLE_BASE 24
#define VCLOCK_DATA_BASE_RAW 32
#define VCLOCK_DATA_ADJ_SIGN 312 /* 0, or all ones when adj < 0 */
#define VCLOCK_DATA_OFFSET 56				   /* u64 offset[VCLOCK_IDS] */
#define VCLOCK_DATA_MODE (VCLOCK_DATA_OFFSET + 8 * VCLOCK_IDS) /* u32 mode[VCLOCK_IDS] */

#ifndef __ASSEMBLER__
#include "lib/clockmath.h"
#include "lib/types.h"

/*
 * The vDSO's data page (mapped read-only into every process).  The kernel
 * changes it with interrupts off and `seq` incremented before and after,
 * so it is odd while a change is under way; a reader takes seq, reads,
 * and starts again if seq has changed.  tick386 runs on one CPU, so a
 * reader is never running while the writer is and never sees it odd; the
 * reader's check for a change is what catches an update made by an
 * interrupt in the middle of its read.
 *
 * Per clock id: the clock's ns = offset[id] + raw (+ the correction), mod
 * 2^64; mode[id], VCLOCK_*; res_ns[id], what clock_getres says (0: ask the
 * kernel).  Arrays, not an array of structs, so that the assembly indexes
 * them by id * 8 and id * 4 without a multiplication.
 */
struct vclock_data {
	u32 seq;
	u32 mult, shift;       /* raw ns = cycles * mult >> shift */
	s32 tz_minuteswest;    /* the zone settimeofday kept (gettimeofday) */
	s32 tz_dsttime;
	u32 adj_mult;	       /* |adj|, for the assembly (read_ns.S) */
	u64 cycle_base;	       /* the TSC at raw 0 */
	u64 base_raw;	       /* raw ns at the last change of MONOTONIC's rate */
	s64 adj;	       /* (mono ns per raw ns - 1) * 2^32 */
	s64 slew;	       /* adjtime's offset still to absorb at base_raw, ns */
	u64 offset[VCLOCK_IDS];
	u32 mode[VCLOCK_IDS];
	u32 res_ns[VCLOCK_IDS];
	u32 adj_sign;	       /* 0, or all ones when adj < 0 (read_ns.S) */
};

/* The part of a slew absorbed over d raw ns, in whole ns (what adjtime
 * reports as left, and what a rebase takes off): sign(slew) *
 * min(|slew|, d / 2000). */
static inline s64 vclock_slew_done(u64 d, s64 slew)
{
	u32 rem;
	u64 most;

	if (slew == 0)
		return 0;
	most = clockmath_div_u32(d, VCLOCK_SLEW_RAW_NS_PER_NS, &rem);
	if (slew >= 0)
		return (u64)slew < most ? slew : (s64)most;
	return (u64)-slew < most ? slew : -(s64)most;
}

/*
 * What MONOTONIC has gained on RAW over d raw ns since the base: the rate's
 * d * adj / 2^32, and the slew, absorbed at 500 ppm until it is all in:
 *
 *   while d / 2000 < |slew|:  floor(d * adj / 2^32 + sign(slew) * d / 2000)
 *   after:                    floor(d * adj / 2^32) + slew
 *
 * One floor of the sum, not a sum of two roundings: with both parts
 * negative, two roundings falling on the same ns took 2 ns from a 1 ns
 * step, and the clock went back 1 ns (ADJ_TICK 9000 and adjtime -1 s did
 * it 6.4 s after a rebase).  As it is, d + correction(d) never decreases:
 * each ns of d adds 1 and the correction takes away less than 1 (the rate
 * less than 1/2, |adj| < 2^31; the slew 1/2000), and the two lines agree
 * where they meet (d = 2000 |slew|).
 *
 * In integers: d * adj / 2^32 = xi + xf and sign * d / 2000 = yi + yf with
 * whole xi, yi and fractions xf, yf in [0, 1) (xf = lo / 2^32 from the
 * product's low word, yf = r / 2000); the floor of the sum is xi + yi, plus
 * one when xf + yf >= 1, i.e. lo * 2000 + r * 2^32 >= 2000 * 2^32.
 */
static inline u64 vclock_correction(u64 d, s64 adj, s64 slew)
{
	u32 a = (u32)(adj < 0 ? -adj : adj), lo, r;
	u64 mid = (u64)(u32)d * a, xi, q;

	/* d * |adj| = (hi * a << 32) + mid: whole part xi, fraction lo / 2^32 */
	xi = (u64)(u32)(d >> 32) * a + (mid >> 32);
	lo = (u32)mid;
	if (adj < 0) { /* floor(-x) = -ceil(x) */
		xi = -xi - (lo != 0);
		lo = -lo;
	}
	if (slew == 0)
		return xi;
	q = clockmath_div_u32(d, VCLOCK_SLEW_RAW_NS_PER_NS, &r);
	if (q >= (u64)(slew < 0 ? -slew : slew))
		return xi + (u64)slew; /* all absorbed */
	if (slew < 0) { /* -d / 2000 = -(q + r / 2000) */
		q = -q - (r != 0);
		r = r ? VCLOCK_SLEW_RAW_NS_PER_NS - r : 0;
	}
	return xi + q +
	       ((u64)lo * VCLOCK_SLEW_RAW_NS_PER_NS + ((u64)r << 32) >=
		(u64)VCLOCK_SLEW_RAW_NS_PER_NS << 32);
}

/*
 * The ns of a clock in `mode` (not VCLOCK_KERNEL) with `offset`, at TSC
 * value tsc.  The vDSO inlines it with mode == VCLOCK_TSC known, which
 * leaves two multiplications and two additions.
 */
static inline u64 vclock_ns(const struct vclock_data *vd, u32 mode, u64 offset, u64 tsc)
{
	u64 cycles = tsc - vd->cycle_base;
	/* two calls, so that the common shift of 32 is a constant in one */
	u64 raw = (mode & VCLOCK_SHIFT) ? clockmath_scale(cycles, vd->mult, vd->shift)
					: clockmath_scale(cycles, vd->mult, 32);
	u64 ns = offset + raw;

	if (mode & (VCLOCK_ADJUSTED | VCLOCK_SLEWING))
		ns += vclock_correction(raw - vd->base_raw, vd->adj, vd->slew);
	return ns;
}

#endif /* __ASSEMBLER__ */
#endif
