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

