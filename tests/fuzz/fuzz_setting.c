/*
 * Timer settings (struct itimerspec) for timer_settime and timerfd_settime:
 * mostly on the grid, some at once, far, zero or invalid.
 */
#include "fuzz.h"
#include "fuzz_setting.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>

#define HUGE_NS (1000000LL * 1000000000LL) /* 10^6 s: never within an episode */

static long long frame_index(int frame_real)
{
	return frame_real ? M.g + M.r_off : M.g;
}

/* CLOCK_x's reading at half point h of the frame. */
static long long abs_ns(clockid_t clock, int frame_real, long long h)
{
	long long at = h * Q_NS + TP_NS;

	if (!frame_real)
		return T0 + at;
	return R0_SEC * 1000000000LL + at + (clock == CLOCK_TAI ? tai_off_ns : 0);
}

static int pick_interval(struct setting *s, int periodic_ok, int odd_ok)
{
	int k = (int)rnd(100);

	s->iv = 0;
	s->iv_ns = 0;
	if (k < 3) {
		s->its.it_interval.tv_nsec = 1000000000L; /* invalid */
		s->bad = EINVAL;
		return 0;
	}
	if (k < 6) {
		s->its.it_interval.tv_sec = -1; /* invalid */
		s->bad = EINVAL;
		return 0;
	}
	if (k < 60 || !periodic_ok)
		return 0;
	if (k < 93 || !odd_ok) {
		s->iv = 1 + (int)rnd(4);
		s->iv_ns = s->iv * Q_NS;
	} else if (k < 97) {
		s->iv = -1;
		s->iv_ns = 1 + rnd(1000); /* a nanosecond interval: SIGEV_NONE only */
	} else {
		s->iv = -1;
		s->iv_ns = HUGE_NS;
	}
	s->its.it_interval = ts_of(s->iv_ns);
	return 0;
}

/*
 * A setting for a timer on clock (class cc).  periodic_ok: an interval on the
 * grid may be given (the caller says no where 6.1 and 6.13 would differ);
 * odd_ok: values off the grid may repeat (SIGEV_NONE: nothing is sent).
 */
void make_setting(struct setting *s, clockid_t clock, enum cclass cc, int periodic_ok, int odd_ok)
{
	int k = (int)rnd(100);
	int frame_real = cc == CC_REAL;

	memset(s, 0, sizeof(*s));
	s->ptr = &s->its;
	if (cc == CC_CPU) {
		/* CPU time passes at the kernel's pace: only far, at once, zero or bad */
		if (k < 40) {
			s->value_ns = HUGE_NS;
			s->odd = 1;
			s->dl = FAR;
			snprintf(s->text, sizeof(s->text), "far");
		} else if (k < 55) {
			s->flags = TIMER_ABSTIME;
			s->value_ns = 1;
			s->immediate = 1;
			s->odd = 1;
			snprintf(s->text, sizeof(s->text), "abs 1ns");
		} else if (k < 80) {
			s->zero = 1;
			snprintf(s->text, sizeof(s->text), "0");
		} else if (k < 90) {
			s->its.it_value.tv_nsec = 1000000000L;
			s->bad = EINVAL;
			snprintf(s->text, sizeof(s->text), "nsec=1e9");
		} else if (k < 95) {
			s->ptr = NULL;
			s->bad = EINVAL;
			snprintf(s->text, sizeof(s->text), "NULL");
			return;
		} else {
			s->ptr = bad_pointer();
			s->bad = EFAULT;
			snprintf(s->text, sizeof(s->text), "badptr");
			return;
		}
		if (!s->zero && !s->bad)
			s->its.it_value = ts_of(s->value_ns);
		if (periodic_ok && chance(20)) {
			s->iv = -1;
			s->iv_ns = HUGE_NS;
			s->its.it_interval = ts_of(s->iv_ns);
		}
		goto flags;
	}
	if (k < 45) {
		int m = (int)rnd(6);

		/* Linux: a relative CLOCK_REALTIME timer runs on CLOCK_MONOTONIC, a
		 * relative CLOCK_TAI one on TAI (moved by clock_settime) */
		s->frame_real = clock == CLOCK_TAI;
		s->value_ns = m * Q_NS + TP_NS;
		s->dl = frame_index(s->frame_real) + m;
		s->on_grid = 1;
		snprintf(s->text, sizeof(s->text), "%d.3Q", m);
	} else if (k < 62) {
		int m = (int)rnd(6);

		s->flags = TIMER_ABSTIME;
		s->dl = frame_index(frame_real) + m;
		s->frame_real = frame_real;
		s->value_ns = abs_ns(clock, frame_real, s->dl);
		s->on_grid = 1;
		snprintf(s->text, sizeof(s->text), "at +%d.3", m);
	} else if (k < 68) {
		int m = 1 + (int)rnd(5);

		s->flags = TIMER_ABSTIME;
		s->dl = frame_index(frame_real) - m;
		s->frame_real = frame_real;
		s->value_ns = abs_ns(clock, frame_real, s->dl);
		s->on_grid = 1;
		s->immediate = 1;
		snprintf(s->text, sizeof(s->text), "at -%d.6", m - 1);
	} else if (k < 73) {
		s->value_ns = 1 + rnd(1000);
		s->odd = 1;
		s->immediate = 1;
		snprintf(s->text, sizeof(s->text), "%lldns", s->value_ns);
	} else if (k < 78) {
		s->value_ns = HUGE_NS;
		s->odd = 1;
		s->dl = FAR;
		snprintf(s->text, sizeof(s->text), "far");
	} else if (k < 88) {
		s->zero = 1;
		if (chance(50))
			s->flags = TIMER_ABSTIME;
		snprintf(s->text, sizeof(s->text), "0");
	} else if (k < 91) {
		s->its.it_value.tv_nsec = 1000000000L;
		s->bad = EINVAL;
		snprintf(s->text, sizeof(s->text), "nsec=1e9");
	} else if (k < 94) {
		s->its.it_value.tv_nsec = -1;
		s->bad = EINVAL;
		snprintf(s->text, sizeof(s->text), "nsec=-1");
	} else if (k < 96) {
		s->its.it_value.tv_sec = -1;
		s->flags = chance(50) ? TIMER_ABSTIME : 0;
		s->bad = EINVAL;
		snprintf(s->text, sizeof(s->text), "sec=-1");
	} else if (k < 98) {
		s->ptr = NULL;
		s->bad = EINVAL;
		snprintf(s->text, sizeof(s->text), "NULL");
		return;
	} else {
		s->ptr = bad_pointer();
		s->bad = EFAULT;
		snprintf(s->text, sizeof(s->text), "badptr");
		return;
	}
	if (!s->zero && !s->bad)
		s->its.it_value = ts_of(s->value_ns);
	/* a value off the grid repeats only where nothing is sent */
	pick_interval(s, periodic_ok && (s->on_grid || odd_ok || s->odd), odd_ok);
	if (s->iv < 0 && !odd_ok) {
		s->iv = 0;
		s->iv_ns = 0;
		memset(&s->its.it_interval, 0, sizeof(s->its.it_interval));
	}
	if (s->odd && s->iv > 0 && !odd_ok) {
		s->iv = 0;
		s->iv_ns = 0;
		memset(&s->its.it_interval, 0, sizeof(s->its.it_interval));
	}
	if (s->iv < 0)
		s->odd = 1;
flags:
	if (s->iv_ns)
		snprintf(s->text + strlen(s->text), sizeof(s->text) - strlen(s->text), "/%s",
			 fmt_iv(s->iv_ns));
	else if (s->its.it_interval.tv_sec || s->its.it_interval.tv_nsec)
		snprintf(s->text + strlen(s->text), sizeof(s->text) - strlen(s->text), "/bad");
	if (s->flags & TIMER_ABSTIME && !strstr(s->text, "at "))
		snprintf(s->text + strlen(s->text), sizeof(s->text) - strlen(s->text), " abs");
}
