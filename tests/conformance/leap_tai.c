/*
 * leap_tai: a leap second moves UTC, not TAI.  The wall clock is set a
 * little before a UTC midnight and adjtimex asks for a leap second there
 * (STA_INS, then STA_DEL); the program samples CLOCK_REALTIME, CLOCK_TAI
 * and CLOCK_MONOTONIC every 10 ms across it and checks:
 *   - CLOCK_TAI never steps: it keeps its distance to CLOCK_MONOTONIC and
 *     strictly increases from sample to sample;
 *   - CLOCK_REALTIME steps once, back by a second (inserted: 23:59:59 is
 *     lived twice, adjtimex says TIME_OOP then) or forward by one (deleted:
 *     23:59:59 never comes);
 *   - adjtimex's tai is one higher after an inserted second, one lower
 *     after a deleted one, and TAI - REALTIME says the same.
 * The checks hold whatever the machine's speed: only the order of samples
 * and the distances between continuous clocks are compared.
 *
 * It sets the clock, so it runs only where that is allowed (tick386, and
 * Linux i386 in QEMU with --allow-settime); on the host every line SKIPs.
 * The clock, the status and the TAI offset are put back at the end.
 * On tick386 it runs under -icount with sleep=off: the seconds it waits
 * out cost no wall-clock time, and the order of events is the machine's.
 */
/* qemu: -icount shift=3,sleep=off */
#include "conformance.h"
#include <sys/timex.h>

/* 2026-12-31 00:00:00 UTC: a midnight, and the next one a day later. */
#define MIDNIGHT 1798761600LL
#define SAMPLE_NS (10 * NS_PER_MS)

static int adj(unsigned modes, struct timex *tx)
{
	tx->modes = modes;
	return adjtimex(tx);
}

struct sample {
	int64_t real, tai, mono;
};

static void sample(struct sample *s)
{
	s->mono = mono_ns();
	s->real = now_ns(CLOCK_REALTIME);
	s->tai = now_ns(CLOCK_TAI);
}

/*
 * Samples from start_s seconds before `midnight` to 0.5 s after it, with
 * `status` (STA_INS or STA_DEL) asked at the start; leap is -1 (inserted)
 * or +1 (deleted): the step CLOCK_REALTIME must take.
 */
static void one_leap(const char *what, int64_t midnight, int status, int leap, double start_s)
{
	struct timespec t = ns_ts(midnight * NS_PER_S - (int64_t)(start_s * NS_PER_S));
	struct timex tx;
	struct sample prev, cur;
	int tai0, tai1, steps = 0, oop = 0, tai_backward = 0, state;
	int64_t step_size = 0, tai_drift = 0, d0, d;
	int64_t end;

	memset(&tx, 0, sizeof(tx));
	adj(0, &tx);
	tai0 = tx.tai;
	clock_settime(CLOCK_REALTIME, &t);
	memset(&tx, 0, sizeof(tx));
	tx.status = status;
	tx.maxerror = 0; /* else the next second marks the clock unsynchronized */
	state = adj(ADJ_STATUS | ADJ_MAXERROR, &tx);
	why("adjtimex returned %d", state);
	ok(state == TIME_OK, "%s: status set, TIME_OK until the next second", what);
	sample(&prev);
	d0 = prev.tai - prev.mono;
	end = prev.mono + (int64_t)((start_s + 0.5) * NS_PER_S);
	while (prev.mono < end) {
		sleep_ns(SAMPLE_NS);
		sample(&cur);
		d = (cur.real - prev.real) - (cur.mono - prev.mono);
		if (d < -NS_PER_S / 2 || d > NS_PER_S / 2) {
			steps++;
			step_size = d;
		}
		if (cur.tai <= prev.tai)
			tai_backward++;
		if (llabs(cur.tai - cur.mono - d0) > llabs(tai_drift))
			tai_drift = cur.tai - cur.mono - d0;
		if (leap < 0 && cur.real / NS_PER_S == midnight - 1 && steps == 1 && !oop) {
			memset(&tx, 0, sizeof(tx));
			oop = adj(0, &tx) == TIME_OOP;
		}
		prev = cur;
	}
	why("%d steps, the last %lld ns", steps, (long long)step_size);
	ok(steps == 1 && (leap < 0 ? step_size < -NS_PER_S / 2 && step_size >= -NS_PER_S - 50 * NS_PER_MS
				   : step_size > NS_PER_S / 2 && step_size <= NS_PER_S + 50 * NS_PER_MS),
	   "%s: CLOCK_REALTIME stepped once, %s", what, leap < 0 ? "back a second" : "ahead a second");
	if (leap < 0)
		ok(oop, "%s: adjtimex says TIME_OOP in the repeated 23:59:59", what);
	why("%d samples not after the one before", tai_backward);
	ok(tai_backward == 0, "%s: CLOCK_TAI strictly increases across the leap", what);
	why("TAI - MONOTONIC moved %lld ns", (long long)tai_drift);
	ok(llabs(tai_drift) < NS_PER_S / 4, "%s: CLOCK_TAI keeps its distance to CLOCK_MONOTONIC", what);
	memset(&tx, 0, sizeof(tx));
	adj(0, &tx);
	tai1 = tx.tai;
	why("tai %d before, %d after", tai0, tai1);
	ok(tai1 == tai0 - leap, "%s: adjtimex's tai %s", what, leap < 0 ? "one higher" : "one lower");
	sample(&cur);
	d = cur.tai - cur.real - (int64_t)tai1 * NS_PER_S;
	why("TAI - REALTIME - tai = %lld ns", (long long)d);
	ok(llabs(d) < 50 * NS_PER_MS, "%s: TAI - REALTIME is the new tai", what);
	/* TIME_WAIT lasts until a second boundary finds the status cleared;
	 * a leap asked before it would wait there for ever (Linux too) */
	memset(&tx, 0, sizeof(tx));
	tx.status = 0;
	adj(ADJ_STATUS, &tx);
	for (int i = 0; i < 30; i++) {
		memset(&tx, 0, sizeof(tx));
		if (adj(0, &tx) == TIME_OK)
			break;
		sleep_ns(100 * NS_PER_MS);
	}
}

static const char *const names[] = {
	"inserted: status set, TIME_OK until the next second",
	"inserted: CLOCK_REALTIME stepped once, back a second",
	"inserted: adjtimex says TIME_OOP in the repeated 23:59:59",
	"inserted: CLOCK_TAI strictly increases across the leap",
	"inserted: CLOCK_TAI keeps its distance to CLOCK_MONOTONIC",
	"inserted: adjtimex's tai one higher",
	"inserted: TAI - REALTIME is the new tai",
	"deleted: status set, TIME_OK until the next second",
	"deleted: CLOCK_REALTIME stepped once, ahead a second",
	"deleted: CLOCK_TAI strictly increases across the leap",
	"deleted: CLOCK_TAI keeps its distance to CLOCK_MONOTONIC",
	"deleted: adjtimex's tai one lower",
	"deleted: TAI - REALTIME is the new tai",
};

int main(int argc, char **argv)
{
	int allowed = settime_allowed(argc, argv);
	struct timex tx;
	int64_t real_minus_mono;
	int tai_saved;

	if (!allowed) {
		note("skipped on host: a leap second would change this machine's clock");
		for (unsigned i = 0; i < sizeof(names) / sizeof(*names); i++)
			skip("on host: would set the host clock", "%s", names[i]);
		return done();
	}
	real_minus_mono = now_ns(CLOCK_REALTIME) - mono_ns();
	memset(&tx, 0, sizeof(tx));
	adj(0, &tx);
	tai_saved = tx.tai;
	memset(&tx, 0, sizeof(tx));
	tx.constant = 37; /* TAI - UTC since 2017 */
	adj(ADJ_TAI, &tx);
	/* inserted: the status is taken at 23:59:59, the leap at midnight */
	one_leap("inserted", MIDNIGHT, STA_INS, -1, 1.1);
	/* deleted: taken at 23:59:58 (it is for the end of the day that
	 * second is in), then 23:59:59 is skipped */
	one_leap("deleted", MIDNIGHT + 86400, STA_DEL, +1, 2.1);
	{
		struct timespec back = ns_ts(mono_ns() + real_minus_mono);

		clock_settime(CLOCK_REALTIME, &back);
		memset(&tx, 0, sizeof(tx));
		tx.constant = tai_saved;
		adj(ADJ_TAI, &tx);
	}
	return done();
}
