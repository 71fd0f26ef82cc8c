/*
 * adjtimex and clock_adjtime, read only (modes 0: this must not touch the
 * host's clock), and the EINVAL cases Linux checks before it changes
 * anything: ADJ_TICK outside 9000..11000, ADJ_SETOFFSET with a bad
 * fraction, clock_adjtime on clocks with no adjustment.  Also
 * gettimeofday's time zone and time().  What the setting modes do is
 * tested on tick386 alone (tests/user/t_adjtimex.c).
 */
#define _GNU_SOURCE /* clock_adjtime in glibc */
#include "conformance.h"
#include <sys/time.h>
#include <sys/timex.h>

static void read_only(void)
{
	struct timex tx;
	int rc;

	memset(&tx, 0, sizeof(tx));
	rc = adjtimex(&tx);
	why("rc %d status %#x tick %ld tol %ld prec %ld", rc, tx.status, tx.tick, tx.tolerance,
	    tx.precision);
	ok(rc >= TIME_OK && rc <= TIME_ERROR, "adjtimex(modes 0) returns a TIME_* state");
	ok(rc != TIME_ERROR || (tx.status & (STA_UNSYNC | STA_CLOCKERR)),
	   "TIME_ERROR exactly when STA_UNSYNC or STA_CLOCKERR");
	ok(tx.tick >= 9000 && tx.tick <= 11000, "tick in 9000..11000 us");
	ok(tx.tolerance == 500 << 16, "tolerance is 500 ppm << 16");
	ok(tx.precision == 1, "precision 1 us");
	ok(tx.freq >= -(500 << 16) && tx.freq <= 500 << 16, "freq within +-500 ppm");
	ok(tx.maxerror >= 0 && tx.maxerror <= 16000000 && tx.esterror >= 0 &&
		   tx.esterror <= 16000000,
	   "maxerror and esterror within NTP_PHASE_LIMIT");
	ok(tx.time.tv_usec >= 0 &&
		   tx.time.tv_usec < ((tx.status & STA_NANO) ? 1000000000 : 1000000),
	   "time is normalized");

	struct timex tx2;
	memset(&tx2, 0, sizeof(tx2));
	EXPECT(clock_adjtime(CLOCK_REALTIME, &tx2) == rc ? 0 : -1, 0,
	       "clock_adjtime(CLOCK_REALTIME, modes 0) == adjtimex");
	ok(tx2.tick == tx.tick && tx2.freq == tx.freq, "the same state");

	struct timeval tv, left;
	EXPECT(adjtime(NULL, &left), 0, "adjtime(NULL, &left) reads");
	EXPECT(gettimeofday(&tv, NULL), 0, "gettimeofday");
	time_t t = time(NULL);
	/* Linux's time() reads the coarse clock (the last tick): just after a
	 * second begins it may still say the one before. */
	ok(t - tv.tv_sec >= -1 && t - tv.tv_sec <= 1, "time() agrees with gettimeofday");
	struct timezone tz = { -12345, -12345 };
	EXPECT(gettimeofday(&tv, &tz), 0, "gettimeofday with a zone");
	ok(tz.tz_minuteswest >= -15 * 60 && tz.tz_minuteswest <= 15 * 60 && tz.tz_dsttime != -12345,
	   "the zone is filled");
}

static void bad_values(void)
{
	static const clockid_t unadjustable[] = { CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID,
						  CLOCK_THREAD_CPUTIME_ID, CLOCK_MONOTONIC_RAW,
						  CLOCK_REALTIME_COARSE, CLOCK_BOOTTIME,
						  CLOCK_REALTIME_ALARM, CLOCK_TAI };
	struct timex tx;

	for (unsigned i = 0; i < sizeof(unadjustable) / sizeof(unadjustable[0]); i++) {
		memset(&tx, 0, sizeof(tx));
		EXPECT(clock_adjtime(unadjustable[i], &tx), EOPNOTSUPP,
		       "clock_adjtime(clock %d, modes 0)", (int)unadjustable[i]);
	}
	memset(&tx, 0, sizeof(tx));
	EXPECT(clock_adjtime(10, &tx), EINVAL, "clock_adjtime(clock 10)");
	EXPECT(clock_adjtime(99, &tx), EINVAL, "clock_adjtime(clock 99)");

	long ticks[] = { 8999, 11001, 0, -1 };
	for (unsigned i = 0; i < 4; i++) {
		memset(&tx, 0, sizeof(tx));
		tx.modes = ADJ_TICK;
		tx.tick = ticks[i];
		EXPECT(adjtimex(&tx), EINVAL, "ADJ_TICK %ld", ticks[i]);
	}
	memset(&tx, 0, sizeof(tx));
	tx.modes = ADJ_SETOFFSET;
	tx.time.tv_usec = -1;
	EXPECT(adjtimex(&tx), EINVAL, "ADJ_SETOFFSET tv_usec -1");
	tx.time.tv_usec = 1000000;
	EXPECT(adjtimex(&tx), EINVAL, "ADJ_SETOFFSET tv_usec 1000000 (us)");
	tx.modes = ADJ_SETOFFSET | ADJ_NANO;
	tx.time.tv_usec = 1000000000;
	EXPECT(adjtimex(&tx), EINVAL, "ADJ_SETOFFSET|ADJ_NANO tv_usec 1000000000 (ns)");
	memset(&tx, 0, sizeof(tx));
	tx.modes = 0x8000; /* ADJ_ADJTIME without the single-shot bit */
	EXPECT(adjtimex(&tx), EINVAL, "mode 0x8000 alone -> EINVAL");
	ok(tx.tai == 0 && tx.tick == 0, "and the struct is left as it was");
	tx.modes = 0x8000 | ADJ_TICK;
	tx.tick = 1;
	EXPECT(adjtimex(&tx), EINVAL, "0x8000|ADJ_TICK -> EINVAL");

	memset(&tx, 0, sizeof(tx));
	int rc = adjtimex(&tx);
	why("rc %d tick %ld", rc, tx.tick);
	ok(rc >= 0 && tx.tick >= 9000 && tx.tick <= 11000, "refused calls changed nothing readable");
}

int main(void)
{
	read_only();
	bad_values();
	done();
	return 0;
}
