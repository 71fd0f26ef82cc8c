/*
 * The kernel's one internal time type: ktime_t, unsigned 64-bit nanoseconds.
 *
 * 2^64 ns is about 584 years, so a ktime_t counted from boot (or from the
 * epoch, for CLOCK_REALTIME) never wraps in practice, and KTIME_MAX, the
 * largest value, serves as "never": a deadline that saturated while being
 * added up, or the next deadline of an empty timer queue.
 *
 * Values come from user space as timespecs and are checked on the way in
 * (tv_nsec in [0, 1e9), tv_sec >= 0, as POSIX asks for timer values and
 * sleeps).  Sums saturate at KTIME_MAX instead of wrapping, so "now + a huge
 * relative timeout" is a deadline far in the future and not one in the past.
 *
 * The helpers below divide at most once per call, with one i386 `divl`
 * where the quotient fits 32 bits (libgcc's __udivdi3 otherwise).
 */
#ifndef TICK386_LIB_KTIME_H
#define TICK386_LIB_KTIME_H

#include "lib/div64.h"
#include "lib/types.h"
#include <abi/time.h>
#include <limits.h>

typedef u64 ktime_t;

#define KTIME_MAX UINT64_MAX
/* Spelled exactly as in lib/clockmath.h, so that both headers can be included. */
#define NSEC_PER_SEC 1000000000u
#define NSEC_PER_MSEC 1000000u
#define NSEC_PER_USEC 1000u

/* DELAYTIMER_MAX: the largest overrun count reported (POSIX, Linux: INT_MAX). */
#define KTIME_OVERRUN_MAX 0x7fffffff

/* The largest tv_sec (time_t is a long: 32 bits on i386, 2038). */
#define KTIME_TV_SEC_MAX LONG_MAX

/*
 * A timespec as the kernel holds one read from either of the ABI's layouts
 * (kernel/time/time_user.h): 64-bit seconds, a long of nanoseconds.
 */
struct timespec64 {
	s64 tv_sec;
	long tv_nsec;
};

/* ktime_from_timespec of a timespec64: the same checks, and seconds past
 * what a ktime_t holds (year 2554) saturate to KTIME_MAX. */
int ktime_from_timespec64(const struct timespec64 *ts, ktime_t *out);

/* Split nanoseconds into a timespec64 (never saturates). */
void ktime_to_timespec64(ktime_t t, struct timespec64 *ts);

/*
 * Convert a user timespec to nanoseconds: 0, or -EINVAL (leaving *out alone)
 * when tv_nsec is outside [0, 1e9) or tv_sec is negative.  Values beyond
 * KTIME_MAX (only possible with a wider tv_sec) saturate to KTIME_MAX.
 */
int ktime_from_timespec(const struct timespec *ts, ktime_t *out);

/*
 * Split nanoseconds into seconds and nanoseconds.  A value whose seconds do
 * not fit tv_sec (after 2038 on i386) saturates to the largest timespec,
 * {KTIME_TV_SEC_MAX, 999999999}.  Inline for seconds below 2^32 (more than
 * a 32-bit tv_sec holds): one divl (lib/div64.h); the rest out of line.
 */
void ktime_to_timespec_wide(ktime_t t, struct timespec *ts);
static inline void ktime_to_timespec(ktime_t t, struct timespec *ts)
{
	if ((t >> 32) < NSEC_PER_SEC) {
		u32 nsec, sec = div64_narrow((u32)(t >> 32), (u32)t, NSEC_PER_SEC, &nsec);

#if KTIME_TV_SEC_MAX < 0xffffffff
		if (sec <= (u32)KTIME_TV_SEC_MAX)
#endif
		{
			ts->tv_sec = (time_t)sec;
			ts->tv_nsec = (long)nsec;
			return;
		}
	}
	ktime_to_timespec_wide(t, ts);
}

/* a + b, or KTIME_MAX when the sum would not fit. */
static inline ktime_t ktime_add_sat(ktime_t a, ktime_t b)
{
	ktime_t sum = a + b;

	return sum < a ? KTIME_MAX : sum;
}

/* a - b, or 0 when b is later than a (the time left until a deadline). */
static inline ktime_t ktime_sub_floor(ktime_t a, ktime_t b)
{
	return a > b ? a - b : 0;
}

/*
 * Forward a periodic expiry past `now`.  A timer of period `interval` due at
 * `expires` <= now is late by D = now - expires: it missed floor(D/interval)
 * periods besides the one that is firing, and its next expiry is
 * expires + (floor(D/interval) + 1) * interval, the first one after now.
 *
 * Stores that next expiry in *next (saturated to KTIME_MAX) and returns the
 * missed count, saturated to KTIME_OVERRUN_MAX.  One division, no loop, so
 * an interval of 1 ns and a lateness of years cost the same as anything
 * else.  When expires > now the timer is not late: *next = expires, returns
 * 0.  `interval` must not be 0 (a one-shot timer is not forwarded): that
 * returns 0 with *next = KTIME_MAX.
 */
int ktime_forward(ktime_t expires, ktime_t interval, ktime_t now, ktime_t *next);

#endif
