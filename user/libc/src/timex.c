/*
 * adjtimex, ntp_adjtime (system call 124) and adjtime, built on
 * ADJ_OFFSET_SINGLESHOT as glibc builds it.  clock_adjtime is alone in
 * clock_adjtime.c: programs written for libcs without it define their own
 * (Linux's valid-adjtimex self-test does), which must still link.
 */
#define _GNU_SOURCE /* clock_adjtime, as glibc declares it */
#include <errno.h>
#include <limits.h>
#include <sys/time.h>
#include <sys/timex.h>
#include "nr.h"
#include "syscall.h"

int adjtimex(struct timex *tx)
{
	return (int)sys_ret(sys_1(__NR_adjtimex, (long)tx));
}

int ntp_adjtime(struct timex *tx)
{
	return adjtimex(tx);
}

#define ADJTIME_MAX_SEC (LONG_MAX / 1000000L - 2)
#define ADJTIME_MIN_SEC (LONG_MIN / 1000000L + 2)

/* Slew the clock by delta (at 500 ppm, by the kernel); *olddelta gets what
 * was still to slew of the previous call. */
int adjtime(const struct timeval *delta, struct timeval *olddelta)
{
	struct timex tx = {0};

	if (delta) {
		long sec = delta->tv_sec + delta->tv_usec / 1000000L;
		long usec = delta->tv_usec % 1000000L;

		if (sec > ADJTIME_MAX_SEC || sec < ADJTIME_MIN_SEC) {
			errno = EINVAL;
			return -1;
		}
		tx.offset = usec + sec * 1000000L;
		tx.modes = ADJ_OFFSET_SINGLESHOT;
	} else {
		tx.modes = ADJ_OFFSET_SS_READ;
	}
	if (adjtimex(&tx) < 0)
		return -1;
	if (olddelta) {
		if (tx.offset < 0) {
			olddelta->tv_usec = -(-tx.offset % 1000000);
			olddelta->tv_sec = -(-tx.offset / 1000000);
		} else {
			olddelta->tv_usec = tx.offset % 1000000;
			olddelta->tv_sec = tx.offset / 1000000;
		}
	}
	return 0;
}
