/*
 * adjtimex and clock_adjtime: Linux's NTP state machine (kernel/time/ntp.c
 * there), fed to tick386's clock (kernel/time/clock.c).
 *
 * State (interrupts off around every change):
 *   tick_usec      us per 1/USER_HZ tick (ADJ_TICK, 9000..11000);
 *   time_freq      frequency offset, ns per second << 32 (ADJ_FREQUENCY,
 *                  and the PLL), within +-500 ppm;
 *   time_offset    the PLL's phase offset still to absorb, ns << 32
 *                  (ADJ_OFFSET with STA_PLL); a share of it,
 *                  offset >> (SHIFT_PLL + time_constant), goes into each second;
 *   time_status, time_state, time_constant, time_maxerror, time_esterror,
 *   next_leap_sec  the second at which a leap second is applied.
 * adjtime()'s offset (ADJ_OFFSET_SINGLESHOT) is not here: the clock absorbs
 * it at 500 ppm by itself (clock_slew_set), so nothing needs a tick for it.
 *
 * MONOTONIC's rate is 1 + (tick and time_freq) + this second's PLL share,
 * given to clock_set_rate.  Linux runs second_overflow at every second of
 * REALTIME; here `second_timer`, on the REALTIME queue at whole seconds, does
 * the same, but only while there is something to do each second (a PLL
 * offset, maxerror growing, a leap second planned or in progress): an idle
 * machine with the clock unsynchronized gets no interrupt from it.
 * Invariant: second_timer is armed iff ntp_busy(); the rate's PLL share is 0
 * when it is not.
 */
#include "kernel/time/ntp.h"
#include "arch/i386/cpu.h"
#include "kernel/printk.h"
#include "kernel/time/clock.h"
#include "kernel/time/ktimer.h"
#include "kernel/time/vdso_data.h"
#include "lib/clockmath.h"
#include "lib/ktime.h"
#include "kernel/task/cred.h"
#include <abi/errno.h>

#define USER_HZ 100
#define NTP_SCALE_SHIFT 32
#define SHIFT_PLL 2
#define SHIFT_FLL 2
#define MAXTC 10
#define MINSEC 256
#define MAXSEC 2048
#define MAXPHASE 500000000l /* ns */
#define MAXFREQ 500000	    /* ns/s: 500 ppm */
#define MAXFREQ_SCALED ((s64)MAXFREQ << NTP_SCALE_SHIFT)
#define NTP_PHASE_LIMIT ((MAXPHASE / 1000) << 5) /* us */
#define PPM_SCALE ((s64)1000 << (NTP_SCALE_SHIFT - 16))
#define PPM_SCALE_INV_SHIFT 19
#define PPM_SCALE_INV ((1ll << (PPM_SCALE_INV_SHIFT + NTP_SCALE_SHIFT)) / PPM_SCALE + 1)
#define MAX_TAI_OFFSET 100000
#define SECS_PER_DAY 86400
#define NO_LEAP ((s64)0x7fffffffffffffffll)

static long tick_usec = 1000000 / USER_HZ;
static int time_state = TIME_OK;
static int time_status = STA_UNSYNC;
static long time_constant = 2;
static long time_maxerror = NTP_PHASE_LIMIT;
static long time_esterror = NTP_PHASE_LIMIT;
static s64 time_freq;
static s64 time_offset;
static s64 time_reftime;
static s64 next_leap_sec = NO_LEAP;
static struct timezone sys_tz;
static bool tz_set_before;

static struct ktimer second_timer;
static bool second_timer_ready;

/* Linux's shift_right: an arithmetic shift that rounds toward zero. */
static s64 shift_right(s64 v, int s)
{
	return v < 0 ? -((-v) >> s) : v >> s;
}

static s64 clamp_s64(s64 v, s64 lo, s64 hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static s64 realtime_sec(void)
{
	return (s64)(clock_realtime_ns() / NSEC_PER_SEC);
}

/* Tell the clock its rate: tick and frequency, plus `extra` (ns << 32 over
 * the coming second: the PLL's share). */
static void update_rate(s64 extra)
{
	s64 per_sec = (((s64)tick_usec * 1000 * USER_HZ - NSEC_PER_SEC) << NTP_SCALE_SHIFT) +
		      time_freq + extra;

	/* per ns of raw time, in 2^-32: a tenth of the range is 2^28.7, far
	 * inside clock_set_rate's |adj| < 2^31 */
	clock_set_rate(per_sec / (s64)NSEC_PER_SEC);
}

static bool ntp_busy(void)
{
	return time_state != TIME_OK || (time_status & (STA_INS | STA_DEL)) || time_offset != 0 ||
	       time_maxerror < NTP_PHASE_LIMIT;
}

static u64 next_second_ns(void)
{
	return ((u64)realtime_sec() + 1) * NSEC_PER_SEC;
}

/* Keep the invariant: second_timer armed iff ntp_busy(); irqs off. */
static void second_timer_update(void)
{
	if (!second_timer_ready)
		return;
	if (ntp_busy()) {
		ktimer_cancel(&second_timer);
		ktimer_start(&second_timer, next_second_ns());
	} else {
		ktimer_cancel(&second_timer);
	}
}

/* Linux's second_overflow for the second `secs` just begun; returns the
 * leap: -1 to repeat a second, +1 to skip one. */
static int second_overflow(s64 secs)
{
	int leap = 0;
	s64 delta;

	switch (time_state) {
	case TIME_OK:
		if (time_status & STA_INS) {
			time_state = TIME_INS;
			next_leap_sec = secs + SECS_PER_DAY - secs % SECS_PER_DAY;
		} else if (time_status & STA_DEL) {
			time_state = TIME_DEL;
			next_leap_sec = secs + SECS_PER_DAY - (secs + 1) % SECS_PER_DAY;
		}
		break;
	case TIME_INS:
		if (!(time_status & STA_INS)) {
			next_leap_sec = NO_LEAP;
			time_state = TIME_OK;
		} else if (secs == next_leap_sec) {
			leap = -1;
			time_state = TIME_OOP;
			kprintf("Clock: inserting leap second 23:59:60 UTC\n");
		}
		break;
	case TIME_DEL:
		if (!(time_status & STA_DEL)) {
			next_leap_sec = NO_LEAP;
			time_state = TIME_OK;
		} else if (secs == next_leap_sec) {
			leap = 1;
			next_leap_sec = NO_LEAP;
			time_state = TIME_WAIT;
			kprintf("Clock: deleting leap second 23:59:59 UTC\n");
		}
		break;
	case TIME_OOP:
		next_leap_sec = NO_LEAP;
		time_state = TIME_WAIT;
		break;
	case TIME_WAIT:
		if (!(time_status & (STA_INS | STA_DEL)))
			time_state = TIME_OK;
		break;
	}

	time_maxerror += MAXFREQ / 1000;
	if (time_maxerror > NTP_PHASE_LIMIT) {
		time_maxerror = NTP_PHASE_LIMIT;
		time_status |= STA_UNSYNC;
	}

	delta = shift_right(time_offset, SHIFT_PLL + (int)time_constant);
	time_offset -= delta;
	update_rate(delta);
	return leap;
}

static enum ktimer_restart second_fn(struct ktimer *t, u64 now)
{
	int leap = second_overflow((s64)(now / NSEC_PER_SEC));

	(void)t;
	if (leap)
		clock_leap_step(leap * (s64)NSEC_PER_SEC);
	if (ntp_busy())
		ktimer_start(&second_timer, next_second_ns());
	else
		update_rate(0);
	return KTIMER_NORESTART;
}

void ntp_second_first(u64 realtime_now)
{
	/* Called by IRQ 0 (interrupts off) before the wall-clock timers. */
	if (second_timer_ready && ktimer_active(&second_timer) &&
	    ktimer_expires(&second_timer) <= realtime_now) {
		ktimer_cancel(&second_timer);
		second_fn(&second_timer, realtime_now);
	}
}

void ntp_clear(void)
{
	u32 flags = irq_save();

	clock_slew_set(0);
	time_status |= STA_UNSYNC;
	time_maxerror = NTP_PHASE_LIMIT;
	time_esterror = NTP_PHASE_LIMIT;
	time_offset = 0;
	next_leap_sec = NO_LEAP;
	update_rate(0);
	second_timer_update();
	irq_restore(flags);
}

static void update_offset(long offset)
{
	s64 freq_adj, offset64, real_secs;
	long secs;

	if (!(time_status & STA_PLL))
		return;
	if (!(time_status & STA_NANO)) {
		offset = (long)clamp_s64(offset, -1000000, 1000000);
		offset *= 1000;
	}
	offset = (long)clamp_s64(offset, -MAXPHASE, MAXPHASE);

	real_secs = realtime_sec();
	secs = (long)(real_secs - time_reftime);
	if (time_status & STA_FREQHOLD)
		secs = 0;
	time_reftime = real_secs;
	offset64 = offset;

	/* FLL or PLL (Linux's ntp_update_offset_fll) */
	time_status &= ~STA_MODE;
	freq_adj = 0;
	if (secs >= MINSEC && ((time_status & STA_FLL) || secs > MAXSEC)) {
		time_status |= STA_MODE;
		freq_adj = (offset64 << (NTP_SCALE_SHIFT - SHIFT_FLL)) / secs;
	}
	if (secs > 1 << (SHIFT_PLL + 1 + time_constant))
		secs = 1 << (SHIFT_PLL + 1 + time_constant);
	freq_adj += (offset64 * secs) << (NTP_SCALE_SHIFT - 2 * (SHIFT_PLL + 2 + time_constant));
	time_freq = clamp_s64(freq_adj + time_freq, -MAXFREQ_SCALED, MAXFREQ_SCALED);
	time_offset = offset64 << NTP_SCALE_SHIFT; /* one NTP interval a second */
}

static void adj_status(const struct timex *txc)
{
	if ((time_status & STA_PLL) && !(txc->status & STA_PLL)) {
		time_state = TIME_OK;
		time_status = STA_UNSYNC;
		next_leap_sec = NO_LEAP;
	}
	if (!(time_status & STA_PLL) && (txc->status & STA_PLL))
		time_reftime = realtime_sec();
	time_status &= STA_RONLY;
	time_status |= txc->status & ~STA_RONLY;
}

/*
 * Linux's timekeeping_validate_timex: changing anything needs CAP_SYS_TIME
 * (euid 0), reading (modes 0, or adjtime's ADJ_OFFSET_SS_READ) does not.
 */
static int validate(const struct timex *txc)
{
	if (txc->modes & ABI_ADJ_ADJTIME) {
		/* adjtime()'s mode is ADJ_ADJTIME with the single-shot bit (0x0001,
		 * the user's ADJ_OFFSET_SINGLESHOT 0x8001): without it, -EINVAL. */
		if (!(txc->modes & 0x0001))
			return -EINVAL;
		if (!(txc->modes & ABI_ADJ_OFFSET_READONLY) && !capable(CAP_SYS_TIME))
			return -EPERM;
	} else {
		if (txc->modes && !capable(CAP_SYS_TIME))
			return -EPERM;
		if ((txc->modes & ADJ_TICK) &&
		    (txc->tick < 900000 / USER_HZ || txc->tick > 1100000 / USER_HZ))
			return -EINVAL;
	}
	if (txc->modes & ADJ_SETOFFSET) {
		if (txc->time.tv_usec < 0)
			return -EINVAL;
		if (txc->time.tv_usec >= ((txc->modes & ADJ_NANO) ? 1000000000l : 1000000l))
			return -EINVAL;
	}
	return 0;
}

int ntp_adjtimex(struct timex *txc)
{
	u64 now_ns;
	s64 sec, tai;
	long nsec;
	int result, rc;
	u32 flags;

	rc = validate(txc);
	if (rc)
		return rc;
	if (txc->modes & ADJ_SETOFFSET) {
		s64 delta = (s64)txc->time.tv_sec * NSEC_PER_SEC +
			    (s64)txc->time.tv_usec * ((txc->modes & ADJ_NANO) ? 1 : 1000);
		rc = clock_realtime_step(delta);
		if (rc)
			return rc;
	}

	flags = irq_save();
	now_ns = clock_realtime_ns();
	tai = clock_tai_offset_sec();
	if (txc->modes & ABI_ADJ_ADJTIME) {
		/* adjtime(): us, independent of the NTP state */
		long left = (long)(clock_slew_left() / 1000);

		if (!(txc->modes & ABI_ADJ_OFFSET_READONLY))
			clock_slew_set((s64)txc->offset * 1000);
		txc->offset = left;
	} else {
		if (txc->modes & ADJ_STATUS)
			adj_status(txc);
		if (txc->modes & ADJ_NANO)
			time_status |= STA_NANO;
		if (txc->modes & ADJ_MICRO)
			time_status &= ~STA_NANO;
		if (txc->modes & ADJ_FREQUENCY)
			time_freq = clamp_s64((s64)txc->freq * PPM_SCALE, -MAXFREQ_SCALED,
					      MAXFREQ_SCALED);
		if (txc->modes & ADJ_MAXERROR)
			time_maxerror = (long)clamp_s64(txc->maxerror, 0, NTP_PHASE_LIMIT);
		if (txc->modes & ADJ_ESTERROR)
			time_esterror = (long)clamp_s64(txc->esterror, 0, NTP_PHASE_LIMIT);
		if (txc->modes & ADJ_TIMECONST) {
			time_constant = (long)clamp_s64(txc->constant, 0, MAXTC);
			if (!(time_status & STA_NANO))
				time_constant += 4;
			time_constant = (long)clamp_s64(time_constant, 0, MAXTC);
		}
		if ((txc->modes & ADJ_TAI) && txc->constant >= 0 && txc->constant <= MAX_TAI_OFFSET)
			tai = txc->constant;
		if (txc->modes & ADJ_OFFSET)
			update_offset(txc->offset);
		if (txc->modes & ADJ_TICK)
			tick_usec = txc->tick;
		if (txc->modes & (ADJ_TICK | ADJ_FREQUENCY | ADJ_OFFSET))
			update_rate(0);
		txc->offset = (long)shift_right(time_offset, NTP_SCALE_SHIFT);
		if (!(time_status & STA_NANO))
			txc->offset /= 1000;
		if (txc->modes)
			second_timer_update();
	}

	result = time_state;
	if (time_status & (STA_UNSYNC | STA_CLOCKERR))
		result = TIME_ERROR;
	txc->freq = (long)shift_right((time_freq >> PPM_SCALE_INV_SHIFT) * PPM_SCALE_INV,
				      NTP_SCALE_SHIFT);
	txc->maxerror = time_maxerror;
	txc->esterror = time_esterror;
	txc->status = time_status;
	txc->constant = time_constant;
	txc->precision = 1;
	txc->tolerance = (long)(MAXFREQ_SCALED / PPM_SCALE);
	txc->tick = tick_usec;
	txc->tai = (int)tai;
	txc->ppsfreq = txc->jitter = txc->stabil = 0;
	txc->jitcnt = txc->calcnt = txc->errcnt = txc->stbcnt = 0;
	txc->shift = 0;

	sec = (s64)(now_ns / NSEC_PER_SEC);
	nsec = (long)(now_ns % NSEC_PER_SEC);
	txc->time.tv_sec = (time_t)sec;
	txc->time.tv_usec = (time_status & STA_NANO) ? nsec : nsec / 1000;
	/* During a leap second (Linux): 23:59:60 is shown as such. */
	if (sec >= next_leap_sec) {
		if (time_state == TIME_INS && (time_status & STA_INS)) {
			result = TIME_OOP;
			txc->tai++;
			txc->time.tv_sec--;
		}
		if (time_state == TIME_DEL && (time_status & STA_DEL)) {
			result = TIME_WAIT;
			txc->tai--;
			txc->time.tv_sec++;
		}
		if (time_state == TIME_OOP && sec == next_leap_sec)
			result = TIME_WAIT;
	}
	irq_restore(flags);
	if (tai != clock_tai_offset_sec())
		clock_tai_offset_set(tai);
	return result;
}

long sys_adjtimex(struct timex __user *utx)
{
	struct timex tx;
	int rc;

	if (copy_from_user(&tx, utx, sizeof(tx)))
		return -EFAULT;
	rc = ntp_adjtimex(&tx);
	if (rc < 0)
		return rc;
	return copy_to_user(utx, &tx, sizeof(tx)) ? -EFAULT : rc;
}

/* The fields of struct timex that are longs, and those that are ints. */
#define TIMEX_LONGS(X)                                                                   \
	X(offset) X(freq) X(maxerror) X(esterror) X(constant) X(precision) X(tolerance) \
	X(tick) X(ppsfreq) X(jitter) X(stabil) X(jitcnt) X(calcnt) X(errcnt) X(stbcnt)
#define TIMEX_INTS(X) X(status) X(shift) X(tai)

static long long_sat(long long v)
{
	return v > LONG_MAX ? LONG_MAX : v < LONG_MIN ? LONG_MIN : (long)v;
}

/*
 * clock_adjtime64's struct __kernel_timex as struct timex, and back.  Linux
 * i386 keeps the 64-bit struct inside; here the NTP code works on longs, so
 * a number outside them saturates on the way in.  Every limit adjtimex
 * applies (MAXPHASE, MAXFREQ, the tick's range) is well inside a long, so
 * a saturated value is clamped or refused as the wide one would be, with
 * one exception: an ADJ_SETOFFSET step of more than 68 years, which Linux
 * refuses only if it leaves the settable range.  The time read back gets
 * its full 64-bit seconds: the 32-bit ones it gave, taken as the nearest
 * such value to the clock now.
 */
static void timex_narrow(const struct abi_timex64 *w, struct timex *n)
{
	n->modes = w->modes;
#define NARROW_LONG(f) n->f = long_sat(w->f);
#define NARROW_INT(f) n->f = w->f;
	TIMEX_LONGS(NARROW_LONG)
	TIMEX_INTS(NARROW_INT)
	n->time.tv_sec = long_sat(w->time.tv_sec);
	n->time.tv_usec = long_sat(w->time.tv_usec);
}

static void timex_widen(const struct timex *n, struct abi_timex64 *w)
{
	s64 now = (s64)realtime_sec();

#define WIDEN(f) w->f = n->f;
	TIMEX_LONGS(WIDEN)
	TIMEX_INTS(WIDEN)
	w->time.tv_sec = now + (s32)((u32)n->time.tv_sec - (u32)now);
	w->time.tv_usec = n->time.tv_usec;
}

/* clock_adjtime and clock_adjtime64 (`wide`: struct __kernel_timex). */
static long clock_adjtime_common(clockid_t id, void __user *utx, bool wide)
{
	struct abi_timex64 wtx;
	struct timex tx;
	int rc;

	/* Linux: only REALTIME has clock_adj; the other clocks it knows
	 * (CPU-time ids among them, whatever their pid) say EOPNOTSUPP, and a
	 * negative id with low bits 3 is a clock fd (none here: EINVAL). */
	if (id != CLOCK_REALTIME) {
		if (id < 0)
			return (id & 7) == 3 ? -EINVAL : -EOPNOTSUPP;
		if (id >= ABI_NR_CLOCKS || id == 10)
			return -EINVAL;
		return -EOPNOTSUPP;
	}
	if (!wide)
		return sys_adjtimex(utx);
	if (copy_from_user(&wtx, utx, sizeof(wtx)))
		return -EFAULT;
	timex_narrow(&wtx, &tx);
	rc = ntp_adjtimex(&tx);
	if (rc < 0)
		return rc;
	timex_widen(&tx, &wtx);
	return copy_to_user(utx, &wtx, sizeof(wtx)) ? -EFAULT : rc;
}

long sys_clock_adjtime(clockid_t id, struct timex __user *utx)
{
	return clock_adjtime_common(id, utx, false);
}

long sys_clock_adjtime64(clockid_t id, struct abi_timex64 __user *utx)
{
	return clock_adjtime_common(id, utx, true);
}

long sys_time(time_t __user *tloc)
{
	time_t t = (time_t)realtime_sec();

	if (tloc && copy_to_user(tloc, &t, sizeof(t)))
		return -EFAULT;
	return t;
}

long sys_gettimeofday(struct timeval __user *utv, struct timezone __user *utz)
{
	if (utv) {
		u64 ns = clock_realtime_ns();
		struct timeval tv = {(time_t)(ns / NSEC_PER_SEC),
				     (suseconds_t)(ns % NSEC_PER_SEC / 1000)};

		if (copy_to_user(utv, &tv, sizeof(tv)))
			return -EFAULT;
	}
	if (utz && copy_to_user(utz, &sys_tz, sizeof(sys_tz)))
		return -EFAULT;
	return 0;
}

/*
 * Linux's settimeofday and do_sys_settimeofday64: the zone is checked
 * (+-15 hours) and kept; the first call that gives a zone without a time
 * "warps" the clock by the zone's offset (the RTC was in local time), as
 * timekeeping_warp_clock does.
 */
long sys_settimeofday(const struct timeval __user *utv, const struct timezone __user *utz)
{
	struct timeval tv;
	struct timezone tz;
	u64 ns = 0;

	if (utv) {
		if (copy_from_user(&tv, utv, sizeof(tv)))
			return -EFAULT;
		if (tv.tv_usec > 1000000 || tv.tv_usec < 0)
			return -EINVAL;
	}
	if (utz && copy_from_user(&tz, utz, sizeof(tz)))
		return -EFAULT;
	if (utv) {
		if (tv.tv_sec < 0 || tv.tv_usec >= 1000000)
			return -EINVAL; /* timespec64_valid_settod */
		ns = (u64)tv.tv_sec * NSEC_PER_SEC + (u64)tv.tv_usec * 1000;
	}
	if (!capable(CAP_SYS_TIME))
		return -EPERM; /* security_settime64: CAP_SYS_TIME, before the zone's range */
	if (utz) {
		if (tz.tz_minuteswest > 15 * 60 || tz.tz_minuteswest < -15 * 60)
			return -EINVAL;
		sys_tz = tz;
		vdso_data_set_tz(tz.tz_minuteswest, tz.tz_dsttime);
		if (!tz_set_before) {
			tz_set_before = true;
			if (!utv && sys_tz.tz_minuteswest != 0)
				clock_realtime_step((s64)sys_tz.tz_minuteswest * 60 * NSEC_PER_SEC);
		}
	}
	if (utv)
		return clock_realtime_set(ns);
	return 0;
}

void ntp_init(void)
{
	ktimer_init(&second_timer, KTIMER_REALTIME, second_fn);
	second_timer_ready = true;
}
