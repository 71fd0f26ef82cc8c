/*
 * One episode: set the grid up, then steps of a few calls, each step closed
 * by a sleep to a later grid point, until the episode's calls are made.
 */
#include "fuzz.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

void timers_reset(void);

static const struct {
	op_fn fn;
	int weight;
} ops[] = {
    {op_timer_create, 8},     {op_timer_settime, 16},  {op_timer_gettime, 6},
    {op_timer_getoverrun, 3}, {op_timer_delete, 3},    {op_sigprocmask, 10},
    {op_sigaction, 8},	      {op_sigpending, 4},      {op_kill, 3},
    {op_sigqueue, 3},	      {op_tkill, 1},	       {op_nanosleep, 4},
    {op_clock_nanosleep, 5},  {op_sigtimedwait, 6},    {op_sigsuspend, 3},
    {op_clock_gettime, 3},    {op_clock_getres, 1},    {op_clock_settime, 3},
    {op_setitimer, 4},	      {op_getitimer, 2},       {op_alarm, 1},
    {op_timerfd_create, 2},   {op_timerfd_settime, 3}, {op_timerfd_gettime, 1},
    {op_timerfd_read, 2},     {op_close, 1},
};
#define NOPS ((int)(sizeof(ops) / sizeof(ops[0])))

/* The distinct states of this episode (the harness adds up all of them). */
#define SEEN_SLOTS 4096
static uint32_t seen[SEEN_SLOTS];

static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h | 1;
}

static void note_state(void)
{
	const char *sig = model_signature();
	uint32_t h = hash(sig), i = h % SEEN_SLOTS;

	for (int n = 0; n < SEEN_SLOTS; n++, i = (i + 1) % SEEN_SLOTS) {
		if (seen[i] == h)
			return;
		if (!seen[i]) {
			seen[i] = h;
			comment("S %s", sig);
			return;
		}
	}
}

/*
 * Called by every call just before it is made, the model having said what
 * it does: a call that ends the process is made only now and then, or
 * episodes would be short.  0: the call is not made (the model goes back).
 */
int op_go(void)
{
	if (!M.dead)
		return 1;
	if (!chance(8))
		return 0;
	flush_out(); /* the call ends the process: what it printed so far is kept */
	return 1;
}

static void one_op(void)
{
	static struct model saved;
	int total = 0;

	for (int k = 0; k < NOPS; k++)
		total += ops[k].weight;
	for (int tries = 0; tries < 20; tries++) {
		int pick = (int)rnd((uint32_t)total), k = 0;

		while (pick >= ops[k].weight)
			pick -= ops[k++].weight;
		op_no++;
		check_phase();
		if (fuzz_trace)
			comment("T %d.%d op %d", episode, op_no, k);
		saved = M;
		if (ops[k].fn())
			return;
		M = saved;
		op_no--;
	}
}

/* The grid's origin, the clocks at their points of it, the guard. */
static void episode_setup(void)
{
	struct timespec ts;
	long long now = now_ns(CLOCK_MONOTONIC), tai, real;

	/* at least 1 s of monotonic time, so that "the past" is never before 0 */
	T0 = (now / Q_NS + 2) * Q_NS;
	if (T0 < 1000000000LL)
		T0 = 1000000000LL;
	model_init();
	timers_reset();
	guard_init();
	sleep_to_grid(0);
	ts = ts_of(R0_SEC * 1000000000LL);
	if (clock_settime(CLOCK_REALTIME, &ts) < 0)
		say("%d setup: clock_settime -> %s", episode, errno_name(errno));
	real = now_ns(CLOCK_REALTIME);
	tai = now_ns(CLOCK_TAI);
	/* TAI - REALTIME in whole seconds (0 unless someone set it) */
	tai_off_ns = (tai - real + 500000000LL) / 1000000000LL * 1000000000LL;
	say("%d start: tai-utc %lld s, boottime-monotonic %s", episode, tai_off_ns / 1000000000LL,
	    (now_ns(CLOCK_BOOTTIME) - now_ns(CLOCK_MONOTONIC)) / 1000000 == 0 ? "0" : "not 0");
	M.g = 0;
	M.r_off = 0;
}

void run_episode(int calls)
{
	op_no = 0;
	memset(seen, 0, sizeof(seen));
	episode_setup();
	note_state();
	while (op_no < calls && !M.dead) {
		int n = 1 + (int)rnd(5);

		for (int i = 0; i < n && op_no < calls && !M.dead; i++) {
			one_op();
			note_state();
		}
		if (M.dead)
			break;
		op_advance(chance(70) ? 1 : 2 + (int)rnd(3));
		note_state();
	}
	if (M.dead) {
		/* the kernel did not end the process as the model said */
		comment("M the model expected the end by %s", sig_name(M.dead));
		flush_out();
		_exit(3);
	}
	comment("calls %d", op_no);
	flush_out();
	_exit(0);
}
