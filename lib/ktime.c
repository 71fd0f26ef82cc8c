/* Conversions and period arithmetic for ktime_t (see lib/ktime.h). */
#include "lib/ktime.h"

#include <abi/errno.h>

int ktime_from_timespec(const struct timespec *ts, ktime_t *out)
{
	u64 sec;

	if (ts->tv_nsec < 0 || (u64)ts->tv_nsec >= NSEC_PER_SEC || ts->tv_sec < 0)
		return -EINVAL;
	sec = (u64)ts->tv_sec;
	/* With a 32-bit tv_sec this cannot overflow; a 64-bit one (host) can. */
	if (sec > (KTIME_MAX - (u64)ts->tv_nsec) / NSEC_PER_SEC)
		*out = KTIME_MAX;
	else
		*out = sec * NSEC_PER_SEC + (u64)ts->tv_nsec;
	return 0;
}

void ktime_to_timespec(ktime_t t, struct timespec *ts)
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
	u64 missed;

	if (interval == 0) {
		*next = KTIME_MAX;
		return 0;
	}
	if (expires > now) {
		*next = expires;
		return 0;
	}
	missed = (now - expires) / interval;
	/*
	 * missed * interval <= now - expires, so the last missed expiry
	 * expires + missed * interval is <= now and fits; only adding the
	 * one more period can overflow, and that saturates.
	 */
	*next = ktime_add_sat(expires + missed * interval, interval);
	return missed > KTIME_OVERRUN_MAX ? KTIME_OVERRUN_MAX : (int)missed;
}
