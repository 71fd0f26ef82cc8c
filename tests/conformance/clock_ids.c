/*
 * Linux's clock ids beyond the four POSIX ones: which calls each allows
 * (RAW and COARSE: read only; BOOTTIME and TAI: timers and sleeps too; the
 * ALARM clocks, without an RTC wake alarm: EINVAL to read, EOPNOTSUPP for
 * timers), and what they count: RAW runs with MONOTONIC (no adjustment
 * here, at most NTP's 500 ppm on the host), COARSE is never ahead of its
 * clock and lags it by a few ticks at most, BOOTTIME >= MONOTONIC, TAI - REALTIME = adjtimex's
 * tai.  Resolutions are compared by bounds only.
 */
#include "conformance.h"
#include <sys/timex.h>

static const struct {
	clockid_t id;
	const char *name;
	int readable; /* gettime/getres: 0 or EINVAL */
	int timers;   /* timer_create and clock_nanosleep: 0, EOPNOTSUPP, EINVAL */
} clocks[] = {
	{ CLOCK_MONOTONIC_RAW, "CLOCK_MONOTONIC_RAW", 0, EOPNOTSUPP },
	{ CLOCK_REALTIME_COARSE, "CLOCK_REALTIME_COARSE", 0, EOPNOTSUPP },
	{ CLOCK_MONOTONIC_COARSE, "CLOCK_MONOTONIC_COARSE", 0, EOPNOTSUPP },
	{ CLOCK_BOOTTIME, "CLOCK_BOOTTIME", 0, 0 },
	{ CLOCK_REALTIME_ALARM, "CLOCK_REALTIME_ALARM", EINVAL, EOPNOTSUPP },
	{ CLOCK_BOOTTIME_ALARM, "CLOCK_BOOTTIME_ALARM", EINVAL, EOPNOTSUPP },
	{ 10, "clock 10 (unused)", EINVAL, EINVAL },
	{ CLOCK_TAI, "CLOCK_TAI", 0, 0 },
	{ 12, "clock 12", EINVAL, EINVAL },
};

static long long now(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return ts_ns(&t);
}

static void each_clock(void)
{
	for (unsigned i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		const char *n = clocks[i].name;
		struct timespec t = { 0, 0 }, r = { 0, 0 }, req = { 0, 1000 };
		struct sigevent ev;
		timer_t tid;

		EXPECT(clock_gettime(clocks[i].id, &t), clocks[i].readable, "clock_gettime(%s)", n);
		EXPECT(clock_getres(clocks[i].id, &r), clocks[i].readable, "clock_getres(%s)", n);
		memset(&ev, 0, sizeof(ev));
		ev.sigev_notify = SIGEV_NONE;
		int rc;
		EXPECT(rc = timer_create(clocks[i].id, &ev, &tid), clocks[i].timers,
		       "timer_create(%s, SIGEV_NONE)", n);
		if (rc == 0) {
			struct itimerspec its = { { 0, 0 }, { 0, 20 * NS_PER_MS } }, left;

			EXPECT(timer_settime(tid, 0, &its, NULL), 0, "timer_settime(%s) relative", n);
			timer_gettime(tid, &left);
			ok(left.it_value.tv_nsec > 0 && left.it_value.tv_nsec <= 20 * NS_PER_MS,
			   "%s timer: time left in (0, 20 ms]", n);
			EXPECT(timer_delete(tid), 0, "timer_delete(%s)", n);
		}
		EXPECT_RET(clock_nanosleep(clocks[i].id, 0, &req, NULL), clocks[i].timers,
			   "clock_nanosleep(%s, 1 us) returns %s", n, errname(clocks[i].timers));
		if (clocks[i].timers == 0) {
			struct timespec abs;

			clock_gettime(clocks[i].id, &abs);
			abs.tv_nsec += 10 * NS_PER_MS;
			if (abs.tv_nsec >= NS_PER_S) {
				abs.tv_sec++;
				abs.tv_nsec -= NS_PER_S;
			}
			EXPECT_RET(clock_nanosleep(clocks[i].id, TIMER_ABSTIME, &abs, NULL), 0,
				   "clock_nanosleep(%s, TIMER_ABSTIME, now + 10 ms)", n);
			ok(now(clocks[i].id) >= ts_ns(&abs), "%s: absolute sleep never short", n);
		}
		if (clocks[i].readable == 0) {
			int coarse = clocks[i].id == CLOCK_REALTIME_COARSE ||
				     clocks[i].id == CLOCK_MONOTONIC_COARSE;

			why("res=%lld", ts_ns(&r));
			if (coarse)
				ok(ts_ns(&r) >= NS_PER_MS && ts_ns(&r) <= 10 * NS_PER_MS,
				   "%s res in [1 ms, 10 ms]: yes", n);
			else
				ok(ts_ns(&r) > 0 && ts_ns(&r) <= NS_PER_MS, "%s res in (0, 1 ms]: yes", n);
			long long prev = now(clocks[i].id), bad = 0;
			for (int k = 0; k < 2000; k++) {
				long long v = now(clocks[i].id);
				bad += v < prev;
				prev = v;
			}
			ok(bad == 0, "%s never goes backwards (2000 reads)", n);
		}
	}
}

static void relations(void)
{
	struct timespec res;
	struct timespec hundred_ms = { 0, 100 * NS_PER_MS };
	/* Each RAW read between two MONOTONIC reads: however long the machine
	 * stalls between two reads (an emulator on a loaded host), RAW's
	 * interval lies between the shortest and the longest MONOTONIC one
	 * that the reads allow, up to the 0.1% the clocks may differ by. */
	long long m0a = now(CLOCK_MONOTONIC), r0 = now(CLOCK_MONOTONIC_RAW);
	long long m0b = now(CLOCK_MONOTONIC);

	nanosleep(&hundred_ms, NULL);
	long long m1a = now(CLOCK_MONOTONIC), r1 = now(CLOCK_MONOTONIC_RAW);
	long long m1b = now(CLOCK_MONOTONIC);
	long long dr = r1 - r0, lo = m1a - m0b, hi = m1b - m0a;
	why("monotonic %lld..%lld ns, raw %lld ns", lo, hi, dr);
	ok(dr >= 100 * NS_PER_MS && dr >= lo - dr / 1000 && dr <= hi + dr / 1000,
	   "MONOTONIC_RAW runs with MONOTONIC over 100 ms (within 0.1%%)");

	for (int c = 0; c < 2; c++) {
		clockid_t fine = c ? CLOCK_MONOTONIC : CLOCK_REALTIME;
		clockid_t coarse = c ? CLOCK_MONOTONIC_COARSE : CLOCK_REALTIME_COARSE;
		clock_getres(coarse, &res);
		long long f0 = now(fine), k = now(coarse), f1 = now(fine);
		why("fine %lld coarse %lld fine %lld res %lld", f0, k, f1, ts_ns(&res));
		/* Linux updates it at a tick, which a tickless host may skip: bound loosely */
		ok(k <= f1 && k > f0 - 10 * ts_ns(&res),
		   "%s is never ahead of its clock, lags it by < 10 resolutions",
		   c ? "MONOTONIC_COARSE" : "REALTIME_COARSE");
	}

	long long m = now(CLOCK_MONOTONIC), b = now(CLOCK_BOOTTIME);
	ok(b >= m, "CLOCK_BOOTTIME >= CLOCK_MONOTONIC read before it");

	struct timex tx;
	memset(&tx, 0, sizeof(tx));
	EXPECT(adjtimex(&tx) >= 0 ? 0 : -1, 0, "adjtimex(modes 0) reads");
	long long rt = now(CLOCK_REALTIME), tai = now(CLOCK_TAI), rt2 = now(CLOCK_REALTIME);
	long long off = tai - rt;
	why("tai %d, TAI - REALTIME %lld ns, %lld ns between reads", tx.tai, off, rt2 - rt);
	ok(off >= (long long)tx.tai * NS_PER_S && off <= (long long)tx.tai * NS_PER_S + (rt2 - rt) + NS_PER_MS,
	   "CLOCK_TAI - CLOCK_REALTIME == adjtimex's tai seconds");
}

int main(void)
{
	each_clock();
	relations();
	done();
	return 0;
}
