/*
 * What the setting modes of adjtimex do, on tick386 only (on a Linux host
 * they would move the host's clock): ADJ_FREQUENCY and ADJ_TICK change
 * MONOTONIC's rate and never RAW's; adjtime() slews at 500 ppm and reports
 * what is left; ADJ_SETOFFSET steps REALTIME (an absolute REALTIME timer
 * fires at the new time, MONOTONIC does not move); ADJ_TAI moves CLOCK_TAI;
 * maxerror grows 500 us a second; a PLL offset is absorbed; a leap second
 * inserted at UTC midnight repeats 23:59:59 with TIME_INS, TIME_OOP,
 * TIME_WAIT; settimeofday keeps the zone and warps the clock once.
 */
#include "../tap.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <time.h>

#define why(...) tap_why(__VA_ARGS__)

static long long now(clockid_t id)
{
	struct timespec t;
	clock_gettime(id, &t);
	return (long long)t.tv_sec * 1000000000ll + t.tv_nsec;
}

static void sleep_ns(long long ns)
{
	struct timespec t = { (time_t)(ns / 1000000000ll), (long)(ns % 1000000000ll) };
	while (nanosleep(&t, &t) != 0)
		;
}

static int adj(unsigned modes, struct timex *tx)
{
	tx->modes = modes;
	return adjtimex(tx);
}

/* MONOTONIC - RAW now: RAW read on both sides of MONOTONIC, so the time
 * between the reads (uneven under QEMU) cancels. */
static long long mono_minus_raw(void)
{
	long long best = 0, width = -1;

	/* the tightest of 16 sandwiches: its error is at most half its width */
	for (int i = 0; i < 16; i++) {
		long long a = now(CLOCK_MONOTONIC_RAW), m = now(CLOCK_MONOTONIC),
			  b = now(CLOCK_MONOTONIC_RAW);
		if (width < 0 || b - a < width) {
			width = b - a;
			best = m - a / 2 - b / 2;
		}
	}
	return best;
}

/* MONOTONIC's gain over RAW, ns, across `ns` of RAW. */
/* What MONOTONIC gains on RAW over ns of RAW: measured over a sleep of
 * about ns, scaled to exactly ns (on a loaded host the sleep lasts longer,
 * and the gain with it). */
static long long gain_over(long long ns)
{
	long long r0 = now(CLOCK_MONOTONIC_RAW), d0 = mono_minus_raw();

	sleep_ns(ns);
	long long d1 = mono_minus_raw(), r1 = now(CLOCK_MONOTONIC_RAW);

	return (d1 - d0) * ns / (r1 - r0);
}

static void rates(void)
{
	struct timex tx;
	long long g;

	memset(&tx, 0, sizeof(tx));
	gain_over(1000000); /* the first calls run slower under QEMU */
	tx.freq = 500 << 16;
	ok(adj(ADJ_FREQUENCY, &tx) >= 0 && tx.freq == 500 << 16, "ADJ_FREQUENCY +500 ppm read back");
	/* QEMU's reads jitter by tens of us on a loaded host: 400 ms, +-25% */
	g = gain_over(400000000);
	why("gain %lld ns", g);
	ok(g >= 150000 && g <= 250000, "+500 ppm: MONOTONIC gains 200 us on RAW over 400 ms");
	tx.freq = -(500 << 16);
	adj(ADJ_FREQUENCY, &tx);
	g = gain_over(400000000);
	why("gain %lld ns", g);
	ok(g <= -150000 && g >= -250000, "-500 ppm: MONOTONIC loses 200 us over 400 ms");
	tx.freq = 1000 << 16;
	adj(ADJ_FREQUENCY, &tx);
	ok(tx.freq == 500 << 16, "ADJ_FREQUENCY +1000 ppm is clamped to 500");
	tx.freq = 0;
	adj(ADJ_FREQUENCY, &tx);
	g = gain_over(100000000);
	why("gain %lld ns", g);
	ok(g >= -40000 && g <= 40000, "frequency 0: MONOTONIC runs with RAW");

	tx.tick = 10100;
	ok(adj(ADJ_TICK, &tx) >= 0 && tx.tick == 10100, "ADJ_TICK 10100 read back");
	g = gain_over(100000000);
	why("gain %lld ns", g);
	ok(g >= 950000 && g <= 1050000, "tick 10100: MONOTONIC runs 1%% fast");
	tx.tick = 10000;
	adj(ADJ_TICK, &tx);

	/* a timer keeps its MONOTONIC deadline when the rate changes */
	tx.tick = 9000;
	adj(ADJ_TICK, &tx);
	long long m0 = now(CLOCK_MONOTONIC);
	sleep_ns(50000000);
	long long slept = now(CLOCK_MONOTONIC) - m0;
	why("slept %lld ns", slept);
	ok(slept >= 50000000 && slept < 52000000, "tick 9000: a 50 ms sleep is 50 ms of MONOTONIC");
	tx.tick = 10000;
	adj(ADJ_TICK, &tx);
}

static void slew(void)
{
	struct timeval d = { 0, 2000 }, left;
	long long off0 = now(CLOCK_REALTIME) - now(CLOCK_MONOTONIC);

	ok(adjtime(&d, NULL) == 0, "adjtime(+2 ms)");
	long long g = gain_over(1000000000);
	why("gain %lld ns", g);
	ok(g >= 440000 && g <= 560000, "adjtime slews at 500 ppm: 500 us in 1 s");
	ok(adjtime(NULL, &left) == 0 && left.tv_sec == 0 && left.tv_usec >= 1400 &&
		   left.tv_usec <= 1510,
	   "adjtime(NULL) reports about 1.5 ms left (%ld us)", (long)left.tv_usec);
	d.tv_usec = 0;
	ok(adjtime(&d, &left) == 0 && left.tv_usec > 1000, "adjtime(0) cancels, giving what was left");
	g = gain_over(100000000);
	ok(g >= -40000 && g <= 40000, "after the cancel MONOTONIC runs with RAW (%lld ns)", g);
	long long off1 = now(CLOCK_REALTIME) - now(CLOCK_MONOTONIC);
	ok(off1 - off0 > -100000 && off1 - off0 < 100000,
	   "the slew moved REALTIME with MONOTONIC (no step between them)");
}

static volatile sig_atomic_t fired;
static void on_alarm(int s)
{
	(void)s;
	fired++;
}

static void step(void)
{
	struct sigevent ev;
	struct itimerspec its;
	struct timex tx;
	timer_t id;

	signal(SIGALRM, on_alarm);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGALRM;
	timer_create(CLOCK_REALTIME, &ev, &id);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = (time_t)(now(CLOCK_REALTIME) / 1000000000ll) + 10;
	timer_settime(id, TIMER_ABSTIME, &its, NULL);

	long long m0 = now(CLOCK_MONOTONIC), r0 = now(CLOCK_REALTIME);
	memset(&tx, 0, sizeof(tx));
	tx.time.tv_sec = 10;
	int rc = adj(ADJ_SETOFFSET, &tx);
	long long m1 = now(CLOCK_MONOTONIC), r1 = now(CLOCK_REALTIME);
	ok(rc == TIME_ERROR, "ADJ_SETOFFSET +10 s returns TIME_ERROR (a stepped clock is unsynchronized)");
	ok((r1 - r0) - (m1 - m0) > 9999000000ll && (r1 - r0) - (m1 - m0) < 10001000000ll,
	   "REALTIME stepped by 10 s, MONOTONIC did not");
	sleep_ns(20000000);
	ok(fired == 1, "the absolute REALTIME timer due in 10 s fired at once");

	memset(&tx, 0, sizeof(tx));
	tx.time.tv_sec = -2;
	tx.time.tv_usec = 500000000; /* -1.5 s */
	r0 = now(CLOCK_REALTIME) - now(CLOCK_MONOTONIC);
	adj(ADJ_SETOFFSET | ADJ_NANO, &tx);
	r1 = now(CLOCK_REALTIME) - now(CLOCK_MONOTONIC);
	ok(r1 - r0 < -1499000000ll && r1 - r0 > -1501000000ll, "ADJ_SETOFFSET|ADJ_NANO -1.5 s");
	memset(&tx, 0, sizeof(tx));
	tx.time.tv_sec = -2000000000;
	errno = 0;
	ok(adj(ADJ_SETOFFSET, &tx) == -1 && errno == EINVAL,
	   "ADJ_SETOFFSET before MONOTONIC: EINVAL");
	memset(&tx, 0, sizeof(tx));
	adj(ADJ_MICRO, &tx);
	timer_delete(id);
}

static void tai(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.constant = 37;
	ok(adj(ADJ_TAI, &tx) >= 0 && tx.tai == 37, "ADJ_TAI 37 read back");
	long long d = now(CLOCK_TAI) - now(CLOCK_REALTIME);
	ok(d > 36999000000ll && d <= 37000000000ll, "CLOCK_TAI = REALTIME + 37 s");
	tx.constant = -1;
	adj(ADJ_TAI, &tx);
	ok(tx.tai == 37, "ADJ_TAI -1 is ignored");
	struct timespec abs;
	clock_gettime(CLOCK_TAI, &abs);
	abs.tv_nsec += 20000000;
	if (abs.tv_nsec >= 1000000000) {
		abs.tv_sec++;
		abs.tv_nsec -= 1000000000;
	}
	ok(clock_nanosleep(CLOCK_TAI, TIMER_ABSTIME, &abs, NULL) == 0 &&
		   now(CLOCK_TAI) >= (long long)abs.tv_sec * 1000000000ll + abs.tv_nsec,
	   "an absolute CLOCK_TAI sleep ends at its TAI time");
}

static void ntp_state(void)
{
	struct timex tx;

	memset(&tx, 0, sizeof(tx));
	tx.maxerror = 0;
	tx.constant = 3;
	tx.status = STA_PLL;
	adj(ADJ_MAXERROR | ADJ_TIMECONST | ADJ_STATUS, &tx);
	ok(tx.constant == 7, "ADJ_TIMECONST 3 without STA_NANO is 7 (Linux adds 4)");
	ok(tx.status == STA_PLL, "STA_PLL set, STA_UNSYNC cleared");
	tx.offset = 100000; /* 100 ms */
	int rc = adj(ADJ_OFFSET, &tx);
	ok(rc == TIME_OK && tx.offset == 100000, "ADJ_OFFSET 100 ms with STA_PLL: stored as given");
	sleep_ns(1300000000);
	memset(&tx, 0, sizeof(tx));
	adj(0, &tx);
	why("maxerror %ld offset %ld", tx.maxerror, tx.offset);
	ok(tx.maxerror >= 500 && tx.maxerror <= 1000, "maxerror grows 500 us a second");
	ok(tx.offset > 0 && tx.offset < 100000, "the PLL offset is being absorbed");
	tx.status = 0;
	adj(ADJ_STATUS, &tx);
	/* Linux resets the status to STA_UNSYNC, then takes the bits given */
	ok(tx.status == 0 && tx.offset < 100000, "STA_PLL cleared: status is what was given");
}

static int state(void)
{
	struct timex tx;
	memset(&tx, 0, sizeof(tx));
	return adjtimex(&tx);
}

static void leap(void)
{
	struct timespec t;
	struct timex tx;

	/* 2026-12-31 23:59:58.5 UTC */
	t.tv_sec = 1798761598;
	t.tv_nsec = 500000000;
	clock_settime(CLOCK_REALTIME, &t);
	/* A timer for midnight on the wall clock: it must wait out the leap
	 * second (23:59:60 is 23:59:59 again), as on Linux. */
	timer_t midnight;
	struct sigevent ev;
	struct itimerspec at;
	sigset_t rt, pend;

	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &rt, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	memset(&at, 0, sizeof(at));
	at.it_value.tv_sec = 1798761600;
	timer_create(CLOCK_REALTIME, &ev, &midnight);
	timer_settime(midnight, TIMER_ABSTIME, &at, NULL);
	memset(&tx, 0, sizeof(tx));
	tx.status = STA_INS;
	tx.maxerror = 0; /* else the next second marks the clock unsynchronized */
	ok(adj(ADJ_STATUS | ADJ_MAXERROR, &tx) == TIME_OK, "STA_INS set: TIME_OK until the next second");
	sleep_ns(700000000); /* 23:59:59.2 */
	ok(state() == TIME_INS, "TIME_INS before midnight");
	sleep_ns(1000000000); /* 23:59:60.2 */
	memset(&tx, 0, sizeof(tx));
	ok(adj(0, &tx) == TIME_OOP, "TIME_OOP during the leap second");
	ok(tx.time.tv_sec == 1798761599, "the leap second reads 23:59:59 again");
	sigpending(&pend);
	ok(!sigismember(&pend, SIGRTMIN), "the timer for midnight has not fired in the leap second");
	sleep_ns(1000000000); /* 00:00:00.2 */
	ok(state() == TIME_WAIT, "TIME_WAIT after it");
	sigpending(&pend);
	ok(sigismember(&pend, SIGRTMIN), "the timer for midnight has fired at midnight");
	timer_delete(midnight);
	sigprocmask(SIG_UNBLOCK, &rt, NULL);
	long long r = now(CLOCK_REALTIME);
	ok(r >= 1798761600000000000ll && r < 1798761600500000000ll,
	   "REALTIME is 00:00:00 one second late");
	memset(&tx, 0, sizeof(tx));
	tx.status = 0;
	adj(ADJ_STATUS, &tx);
	sleep_ns(1000000000);
	ok(state() == TIME_OK, "STA_INS cleared: TIME_OK at the next second");
}

static void zone(void)
{
	struct timezone tz = { 60, 0 }, got;
	struct timeval tv;
	long long r0 = now(CLOCK_REALTIME);

	ok(settimeofday(NULL, &tz) == 0, "settimeofday(NULL, 60 min west)");
	long long d = now(CLOCK_REALTIME) - r0;
	ok(d > 3599000000000ll && d < 3601000000000ll, "the first zone warps the clock by 60 min");
	r0 = now(CLOCK_REALTIME);
	settimeofday(NULL, &tz);
	d = now(CLOCK_REALTIME) - r0;
	ok(d >= 0 && d < 1000000000ll, "the second one does not");
	ok(gettimeofday(&tv, &got) == 0 && got.tz_minuteswest == 60, "gettimeofday returns the zone");
	tz.tz_minuteswest = 15 * 60 + 1;
	errno = 0;
	ok(settimeofday(NULL, &tz) == -1 && errno == EINVAL, "a zone beyond 15 h: EINVAL");
	tv.tv_sec = 1800000000;
	tv.tv_usec = 0;
	ok(settimeofday(&tv, NULL) == 0 && time(NULL) == 1800000000, "settimeofday and time()");
}

int main(void)
{
	rates();
	slew();
	step();
	tai();
	ntp_state();
	leap();
	zone();
	return done_testing();
}
