/* Timer settings for timer_settime and timerfd_settime (fuzz_setting.c). */
#ifndef FUZZ_SETTING_H
#define FUZZ_SETTING_H

#include "fuzz.h"

struct setting {
	struct itimerspec its;
	const struct itimerspec *ptr; /* what is passed: &its, NULL or a bad pointer */
	int flags;		      /* TIMER_ABSTIME or 0 */
	char text[64];		      /* how the line shows it */
	int bad;	/* the errno of the value itself (EINVAL, EFAULT), 0 if good */
	int zero;	/* disarms */
	int immediate;	/* expires at once */
	int on_grid;	/* expires at half point dl of its frame */
	int frame_real; /* absolute on the realtime index */
	int odd;	/* off the grid, far or on CPU time: bounds only */
	long long dl;	/* the deadline (half point) */
	int iv;		/* interval in Q, 0 none, -1 off the grid */
	long long value_ns, iv_ns;
};

void make_setting(struct setting *s, clockid_t clock, enum cclass cc, int periodic_ok, int odd_ok);

#endif
