/* Conversions and period arithmetic for ktime_t (see lib/ktime.h). */
#include "lib/ktime.h"
#include "lib/div64.h"

#include <abi/errno.h>

/* KTIME_MAX as seconds and nanoseconds: no division to check a sum. */
#define KTIME_MAX_SEC 18446744073ull
#define KTIME_MAX_SEC_NSEC 709551615u

int ktime_from_timespec64(const struct timespec64 *ts, ktime_t *out)
{
	if (ts->tv_nsec < 0 || (u64)ts->tv_nsec >= NSEC_PER_SEC || ts->tv_sec < 0)
		return -EINVAL;
	if ((u64)ts->tv_sec > KTIME_MAX_SEC ||
	    ((u64)ts->tv_sec == KTIME_MAX_SEC && (u64)ts->tv_nsec > KTIME_MAX_SEC_NSEC))
		*out = KTIME_MAX;
	else
		*out = (u64)ts->tv_sec * NSEC_PER_SEC + (u64)ts->tv_nsec;
	return 0;
}

int ktime_from_timespec(const struct timespec *ts, ktime_t *out)
{
	struct timespec64 wide = {ts->tv_sec, ts->tv_nsec};

	return ktime_from_timespec64(&wide, out);
}

void ktime_to_timespec64(ktime_t t, struct timespec64 *ts)
{
	u64 sec = t / NSEC_PER_SEC;

	ts->tv_sec = (s64)sec;
	ts->tv_nsec = (long)(t - sec * NSEC_PER_SEC);
}

/* ktime_to_timespec (lib/ktime.h) for the seconds its divl does not take:
 * 2^32 and more, or more than tv_sec holds. */
void ktime_to_timespec_wide(ktime_t t, struct timespec *ts)
{
	u64 sec = t / NSEC_PER_SEC;

	if (sec > (u64)KTIME_TV_SEC_MAX) {
		ts->tv_sec = KTIME_TV_SEC_MAX;
		ts->tv_nsec = (long)(NSEC_PER_SEC - 1);
		return;
	}
	ts->tv_sec = (time_t)sec;
	ts->tv_nsec = (long)(t - sec * NSEC_PER_SEC);
}

int ktime_forward(ktime_t expires, ktime_t interval, ktime_t now, ktime_t *next)
{
	u64 missed, late;

	if (interval == 0) {
		*next = KTIME_MAX;
		return 0;
	}
	if (expires > now) {
		*next = expires;
		return 0;
	}
	late = now - expires;
	/* Less than a period late (a delivery in time): no division. */
	if (late < interval) {
		*next = ktime_add_sat(expires, interval);
		return 0;
	}
	/* A 32-bit period and fewer than 2^32 periods late: one divl. */
	if (interval <= UINT32_MAX && (late >> 32) < interval) {
		u32 rem;

		missed = div64_narrow((u32)(late >> 32), (u32)late, (u32)interval, &rem);
	} else {
		missed = late / interval;
	}
	/*
	 * missed * interval <= now - expires, so the last missed expiry
	 * expires + missed * interval is <= now and fits; only adding the
	 * one more period can overflow, and that saturates.
	 */
	*next = ktime_add_sat(expires + missed * interval, interval);
	return missed > KTIME_OVERRUN_MAX ? KTIME_OVERRUN_MAX : (int)missed;
}
