/*
 * Time arguments in user memory, in either of Linux i386's two layouts: the
 * 32-bit struct timespec/itimerspec of the original calls, or the 64-bit
 * struct __kernel_timespec/__kernel_itimerspec (abi_timespec64) of the
 * *_time64 calls Linux 5.1 added for 2038 (403..423).  Each such pair of
 * calls shares one body working on ktime_t; its two entry points differ only
 * in `wide` (true: the 64-bit layout).
 *
 * Reading is Linux's get_timespec64/get_old_timespec32 followed by
 * timespec64_valid: -EFAULT for memory that cannot be read, -EINVAL for
 * tv_nsec outside [0, 1e9) or a negative tv_sec.  Of a wide tv_nsec only the
 * low 32 bits count (a 32-bit task's kernel drops the upper half), so
 * garbage there is accepted as on Linux i386.  A wide tv_sec beyond what
 * 64-bit nanoseconds hold (year 2554) saturates to KTIME_MAX, "never".
 *
 * Writing a narrow timespec saturates after 2038 (ktime_to_timespec); a
 * wide one holds any ktime_t.
 */
#ifndef TICK386_KERNEL_TIME_TIME_USER_H
#define TICK386_KERNEL_TIME_TIME_USER_H

#include "lib/ktime.h"
#include "lib/types.h"
#include "mm/uaccess.h"
#include <abi/errno.h>
#include <abi/time.h>

static inline size_t user_timespec_size(bool wide)
{
	return wide ? sizeof(struct abi_timespec64) : sizeof(struct timespec);
}

static inline size_t user_itimerspec_size(bool wide)
{
	return wide ? sizeof(struct abi_itimerspec64) : sizeof(struct itimerspec);
}

/* Copy in without checking: 0 or -EFAULT; *ts as the kernel reads it. */
int get_user_timespec(const void __user *u, bool wide, struct timespec64 *ts);

/* A timespec as nanoseconds: 0, -EFAULT or -EINVAL (*out untouched). */
int get_user_ktime(const void __user *u, bool wide, ktime_t *out);


/* 0 or -EFAULT.  Inline: clock_gettime's path is counted in instructions. */
static inline __attribute__((always_inline)) int put_user_ktime(void __user *u, bool wide,
								ktime_t t)
{
	if (wide) {
		struct timespec64 ts;
		struct abi_timespec64 k;

		ktime_to_timespec64(t, &ts);
		k.tv_sec = ts.tv_sec;
		k.tv_nsec = ts.tv_nsec;
		return copy_to_user(u, &k, sizeof(k)) ? -EFAULT : 0;
	}
	struct timespec k;

	ktime_to_timespec(t, &k);
	return copy_to_user(u, &k, sizeof(k)) ? -EFAULT : 0;
}

/*
 * An itimerspec, read in one copy (interval first in memory; both read
 * before either is checked): 0, -EFAULT, -EINVAL.  Inline, as
 * put_user_ktime, and so is the writer: the timer calls' paths are counted
 * in instructions (two copies cost a second fault-checked copy, +100).
 */
static inline __attribute__((always_inline)) int
get_user_itimerspec(const void __user *u, bool wide, ktime_t *value, ktime_t *interval)
{
	struct timespec64 it, val;

	if (wide) {
		struct abi_itimerspec64 k;

		if (copy_from_user(&k, u, sizeof(k)))
			return -EFAULT;
		it.tv_sec = k.it_interval.tv_sec;
		it.tv_nsec = (long)(s32)k.it_interval.tv_nsec; /* the low half only (Linux) */
		val.tv_sec = k.it_value.tv_sec;
		val.tv_nsec = (long)(s32)k.it_value.tv_nsec;
	} else {
		struct itimerspec k;

		if (copy_from_user(&k, u, sizeof(k)))
			return -EFAULT;
		/* the 32-bit conversion: what the narrow call always cost */
		if (ktime_from_timespec(&k.it_value, value) ||
		    ktime_from_timespec(&k.it_interval, interval))
			return -EINVAL;
		return 0;
	}
	if (ktime_from_timespec64(&val, value) || ktime_from_timespec64(&it, interval))
		return -EINVAL;
	return 0;
}

/* One copy of the whole struct, built here (as get_user_itimerspec). */

/* One copy of the whole struct, built here (as get_user_itimerspec). */
static inline __attribute__((always_inline)) int
put_user_itimerspec(void __user *u, bool wide, ktime_t value, ktime_t interval)
{
	if (wide) {
		struct abi_itimerspec64 k;
		struct timespec64 ts;

		ktime_to_timespec64(interval, &ts);
		k.it_interval.tv_sec = ts.tv_sec;
		k.it_interval.tv_nsec = ts.tv_nsec;
		ktime_to_timespec64(value, &ts);
		k.it_value.tv_sec = ts.tv_sec;
		k.it_value.tv_nsec = ts.tv_nsec;
		return copy_to_user(u, &k, sizeof(k)) ? -EFAULT : 0;
	}
	struct itimerspec k;

	ktime_to_timespec(interval, &k.it_interval);
	ktime_to_timespec(value, &k.it_value);
	return copy_to_user(u, &k, sizeof(k)) ? -EFAULT : 0;
}

#endif
