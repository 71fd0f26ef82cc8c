/*
 * Hand-written sequences, run like the generated ones (both sides, every
 * step compared): the cases the model is built around, and regressions of
 * the defects tests/model found in the kernel.
 */
#include "tests/model/scenarios.h"

#include <signal.h>
#include <time.h>

#define MS 1000000ull
#define START_RT (MODEL_START_MONO + (uint64_t)MODEL_START_RT_OFF)

/* One initializer a line reads best. */
/* clang-format off */
#define CREATE(clk, notif, sig) \
	{.kind = OP_CREATE, .clockid = (clk), .ev = {.notify = (notif), .signo = (sig), .value = 7}}
#define SETTIME(tid, fl, v_ns, i_ns)                                                              \
	{.kind = OP_SETTIME, .id = (tid), .flags = (fl), .old_ptr = KS_PTR_OK,                  \
	 .value = {(int64_t)((v_ns) / 1000000000ull), (int64_t)((v_ns) % 1000000000ull)},       \
	 .interval = {(int64_t)((i_ns) / 1000000000ull), (int64_t)((i_ns) % 1000000000ull)}}
#define GETTIME(tid) {.kind = OP_GETTIME, .id = (tid)}
#define GETOVERRUN(tid) {.kind = OP_GETOVERRUN, .id = (tid)}
#define ADVANCE(to) {.kind = OP_ADVANCE, .target = (to), .who = 0}
#define ACTION(sig, a) {.kind = OP_SIGACTION, .signo = (sig), .action = (a)}
#define MASK(h, sig) {.kind = OP_SIGPROCMASK, .how = (h), .set = 1ull << ((sig)-1)}
#define DELIVER {.kind = OP_DELIVER}
#define CLOCK_SET(rt) {.kind = OP_CLOCK_SET, .realtime = (rt)}
/* clang-format on */

/* Linux: a timer disarmed (it_value 0) keeps no interval: timer_gettime and
 * the next timer_settime's old value say 0.  tick386 kept the interval. */
static const struct op disarmed_interval[] = {
    CREATE(CLOCK_MONOTONIC, SIGEV_SIGNAL, SIGUSR1),
    SETTIME(1, 0, 0, 5000 * MS),
    GETTIME(1),
    SETTIME(1, 0, 10 * MS, 0),
    SETTIME(1, 0, 0, 0),
};

/* Linux: a SIGEV_NONE one-shot on the wall clock reads 0 once its time has
 * come, and the time left again if the clock is set back before it; reading
 * it in between does not disarm it.  tick386 disarmed it on that read. */
static const struct op none_wall_clock_back[] = {
    CREATE(CLOCK_REALTIME, SIGEV_NONE, 0),
    SETTIME(1, TIMER_ABSTIME, START_RT + 10 * MS, 0),
    ADVANCE(MODEL_START_MONO + 20 * MS),
    GETTIME(1),
    CLOCK_SET(START_RT),
    GETTIME(1),
};

/* Linux 6.13: an ignored periodic timer is parked, not re-armed; a handler
 * brings one signal whose overrun counts the periods missed meanwhile. */
static const struct op parked_then_handled[] = {
    ACTION(34, KS_IGN),
    CREATE(CLOCK_MONOTONIC, SIGEV_SIGNAL, 34),
    SETTIME(1, 0, 1 * MS, 1 * MS),
    ADVANCE(MODEL_START_MONO + 10 * MS + 500),
    GETTIME(1),
    ACTION(34, KS_HANDLER),
    DELIVER,
    GETOVERRUN(1),
    GETTIME(1),
};

/* Blocked and ignored: queued, not parked (the action may change before
 * the unblock); taken and discarded, the timer re-armed. */
static const struct op blocked_ignored[] = {
    MASK(SIG_BLOCK, 35),
    ACTION(35, KS_IGN),
    CREATE(CLOCK_BOOTTIME, SIGEV_SIGNAL, 35),
    SETTIME(1, 0, 1 * MS, 2 * MS),
    ADVANCE(MODEL_START_MONO + 8 * MS),
    MASK(SIG_UNBLOCK, 35),
    DELIVER,
    GETOVERRUN(1),
};

/* Equal deadlines expire in the order the timers were armed. */
static const struct op equal_deadlines[] = {
    CREATE(CLOCK_MONOTONIC, SIGEV_SIGNAL, 34),
    CREATE(CLOCK_MONOTONIC, SIGEV_SIGNAL, 34),
    ACTION(34, KS_HANDLER),
    SETTIME(2, TIMER_ABSTIME, MODEL_START_MONO + 3 * MS, 0),
    SETTIME(1, TIMER_ABSTIME, MODEL_START_MONO + 3 * MS, 0),
    ADVANCE(MODEL_START_MONO + 3 * MS),
    DELIVER,
    DELIVER,
};

/* The wall clock set onto an absolute deadline fires it, one ns short
 * does not; a relative CLOCK_REALTIME timer does not move. */
static const struct op clock_set_onto_deadline[] = {
    CREATE(CLOCK_REALTIME, SIGEV_SIGNAL, SIGUSR1),
    CREATE(CLOCK_REALTIME, SIGEV_SIGNAL, SIGALRM),
    ACTION(SIGUSR1, KS_HANDLER),
    ACTION(SIGALRM, KS_HANDLER),
    SETTIME(1, TIMER_ABSTIME, START_RT + 5000 * MS, 0),
    SETTIME(2, 0, 5000 * MS, 0),
    CLOCK_SET(START_RT + 5000 * MS - 1),
    CLOCK_SET(START_RT + 5000 * MS),
    GETTIME(2),
    DELIVER,
};

/* A plain signal taken: signal_dequeue read the entry after freeing it
 * (AddressSanitizer's heap-use-after-free). */
static const struct op plain_signal_taken[] = {
    ACTION(34, KS_HANDLER),
    {.kind = OP_KILL, .signo = 34},
    {.kind = OP_KILL, .signo = 34},
    DELIVER,
    {.kind = OP_SIGTIMEDWAIT, .set = 1ull << 33},
};

/* Linux: a thread takes its own pending signals before its process's,
 * whatever their numbers. */
static const struct op own_signals_first[] = {
    ACTION(34, KS_HANDLER),
    ACTION(35, KS_HANDLER),
    {.kind = OP_KILL, .signo = 34},
    {.kind = OP_TKILL, .by = 0, .signo = 35},
    DELIVER,
    DELIVER,
};

/* A periodic SIGEV_THREAD_ID timer whose thread ends while its signal
 * waits: the signal goes, the timer reads as running on, nothing fires. */
static const struct op thread_ends_signal_waits[] = {
    {.kind = OP_THREAD_CREATE},
    ACTION(34, KS_HANDLER),
    {.kind = OP_SIGPROCMASK, .by = 1, .how = SIG_BLOCK, .set = 1ull << 33},
    {.kind = OP_CREATE,
     .clockid = CLOCK_MONOTONIC,
     .ev = {.notify = 4 /* SIGEV_THREAD_ID */, .signo = 34, .tid = 4}},
    SETTIME(1, 0, 1 * MS, 1 * MS),
    ADVANCE(MODEL_START_MONO + 5 * MS),
    {.kind = OP_THREAD_EXIT, .by = 1},
    GETTIME(1),
    ADVANCE(MODEL_START_MONO + 9 * MS + 1),
    GETTIME(1),
    SETTIME(1, 0, 1 * MS, 0),
    ADVANCE(MODEL_START_MONO + 20 * MS),
};

/* Linux: a periodic wall-clock timer whose signal waits while the clock is
 * set back before the expiry that queued it: the delivery counts none
 * (si_overrun -1) and the timer stays at that expiry, which comes again.
 * tick386 said 0 and went on: that expiry was counted twice
 * (tests/user/t_stress_timers.c). */
static const struct op wall_periodic_set_back[] = {
    ACTION(34, KS_HANDLER),
    MASK(SIG_BLOCK, 34),
    CREATE(CLOCK_REALTIME, SIGEV_SIGNAL, 34),
    SETTIME(1, TIMER_ABSTIME, START_RT + 10 * MS, 10 * MS),
    ADVANCE(MODEL_START_MONO + 25 * MS),
    CLOCK_SET(START_RT),
    MASK(SIG_UNBLOCK, 34),
    DELIVER,
    GETOVERRUN(1),
    GETTIME(1),
    ADVANCE(MODEL_START_MONO + 40 * MS),
    DELIVER,
    GETOVERRUN(1),
};

#define SCENARIO(name, ops)                                                                        \
	{                                                                                          \
		name, ops, (int)(sizeof(ops) / sizeof(ops[0]))                                     \
	}

const struct scenario scenario_list[] = {
    SCENARIO("a plain signal taken (read after free)", plain_signal_taken),
    SCENARIO("a disarmed timer has no interval", disarmed_interval),
    SCENARIO("SIGEV_NONE wall-clock one-shot, read, clock set back", none_wall_clock_back),
    SCENARIO("periodic timer parked while ignored, then handled", parked_then_handled),
    SCENARIO("blocked and ignored periodic timer", blocked_ignored),
    SCENARIO("equal deadlines in arming order", equal_deadlines),
    SCENARIO("wall clock set onto an absolute deadline", clock_set_onto_deadline),
    SCENARIO("a thread's own signals first", own_signals_first),
    SCENARIO("a thread ends while its timer's signal waits", thread_ends_signal_waits),
    SCENARIO("a periodic wall-clock timer's signal waits across a step back",
	     wall_periodic_set_back),
};
const int scenario_count = (int)(sizeof(scenario_list) / sizeof(scenario_list[0]));
