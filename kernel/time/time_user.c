/* Time arguments in user memory, 32- or 64-bit layout (time_user.h). */
#include "kernel/time/time_user.h"
#include <abi/errno.h>

int get_user_timespec(const void __user *u, bool wide, struct timespec64 *ts)
{
	if (wide) {
		struct abi_timespec64 k;

		if (copy_from_user(&k, u, sizeof(k)))
			return -EFAULT;
		ts->tv_sec = k.tv_sec;
		ts->tv_nsec = (long)(s32)k.tv_nsec; /* the low half only (Linux) */
	} else {
		struct timespec k;

		if (copy_from_user(&k, u, sizeof(k)))
			return -EFAULT;
		ts->tv_sec = k.tv_sec;
		ts->tv_nsec = k.tv_nsec;
	}
	return 0;
}

int get_user_ktime(const void __user *u, bool wide, ktime_t *out)
{
	struct timespec64 ts;

	if (get_user_timespec(u, wide, &ts))
		return -EFAULT;
	return ktime_from_timespec64(&ts, out);
}

int get_user_itimerspec(const void __user *u, bool wide, ktime_t *value, ktime_t *interval)
{
	size_t half = user_timespec_size(wide);
	struct timespec64 it, val;

	/* interval first in memory; both copied before either is checked */
	if (get_user_timespec(u, wide, &it) ||
	    get_user_timespec((const char __user *)u + half, wide, &val))
		return -EFAULT;
	if (ktime_from_timespec64(&val, value) || ktime_from_timespec64(&it, interval))
		return -EINVAL;
	return 0;
}

int put_user_itimerspec(void __user *u, bool wide, ktime_t value, ktime_t interval)
{
	/* Checked whole first: a fault leaves nothing half written. */
	if (!user_range_ok(u, user_itimerspec_size(wide), true))
		return -EFAULT;
	if (put_user_ktime(u, wide, interval) ||
	    put_user_ktime((char __user *)u + user_timespec_size(wide), wide, value))
		return -EFAULT;
	return 0;
}
