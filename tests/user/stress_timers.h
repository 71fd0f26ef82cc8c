/*
 * What the processes of t_stress_timers.c share: the timer kinds, one
 * timer's record and how it is judged, clock reads, the figures sent to
 * init.  Static functions: included by t_stress_timers.c alone.
 *
 * When is an expiry due, exactly.  A timer's expiries are the points
 * S + k*P (k >= 0; a one-shot has only S) of the clock its expiry is kept
 * on: the clock itself, but CLOCK_MONOTONIC for a relative CLOCK_REALTIME
 * timer (Linux's "posix magic": an interval is not moved by setting the
 * clock), while a relative CLOCK_TAI timer stays on TAI (Linux turns only
 * REALTIME's into MONOTONIC: a relative TAI timer is an absolute one at
 * "now + value").  Each point is counted once: by the signal it queues (1),
 * or as an overrun of the signal still queued when it passed (Linux 6.13
 * re-arms a periodic timer when its signal is delivered, forwarding its
 * expiry past "now" and counting the points passed).  Setting a wall clock
 * (REALTIME, TAI) back moves no point: a point the clock passed twice was
 * still counted once, because a signal delivered when the clock has been
 * set back before the point that queued it counts nothing (si_overrun -1:
 * the timer stays at that point, which comes again; Linux's hrtimer_forward
 * returns 0 on top of an overrun that starts at -1).
 *
 * So at the end, once the clock setter has put REALTIME beyond every value
 * it ever had (its last step is 1000 s past the highest value it read,
 * TAI's offset only ever 0..40 s), the expiries due on every clock are the
 * points <= now, and with no signal of the timer pending the timer is
 * armed at the first point after now:
 *   periodic:  signals + sum(si_overrun) = (N - S) / P, N = now + left from
 *              timer_gettime, and 0 < left <= P once S has come (N = S
 *              before);
 *   one-shot:  one signal with si_overrun 0 and timer_gettime 0 if S <= now,
 *              else no signal and left = S - now; never two.
 * A CPU clock's expiry is due once the clock has passed it, even if its
 * thread or process stops running right then (t_cputimer_switch).
 * For a relative timer S is known within the time its timer_settime took
 * (the clock read before and after, retried while longer than P/16 or
 * 1 ms): that
 * window, and the one of the final read, are the only tolerance; N - S must
 * be a multiple of P within them, the multiple being the count exactly.
 */
#ifndef TESTS_USER_STRESS_TIMERS_H
#define TESTS_USER_STRESS_TIMERS_H

#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NS 1000000000ll
#define US 1000ll
#define MS 1000000ll

#define SIG_PROC0 (SIGRTMIN)	 /* +0..+3: process-directed timer signals */
#define SIG_PARK (SIGRTMIN + 3)	 /* the one a handler worker ignores now and then */
#define SIG_THR0 (SIGRTMIN + 4)	 /* +4, +5: SIGEV_THREAD_ID timer signals */
#define SIG_MSG (SIGRTMIN + 8)	 /* a figure sent to init (sigqueue) */
#define SIG_ACCOUNT SIGUSR1	 /* init to a worker: stop and account */

#ifndef CLOCK_TAI
#define CLOCK_TAI 11
#endif
#define CLOCK_INIT_CPU (-100) /* stands for init's process CPU clock */

enum range { WALL, OWN_CPU, INIT_CPU };

struct kind {
	const char *name;
	clockid_t clock; /* timer_create's */
	clockid_t read;	 /* the clock its expiries are kept on */
	char abs, periodic, stepped; /* stepped: a wall clock the setter moves */
	enum range range;
};

static const struct kind kinds[] = {
	{"mono-rel", CLOCK_MONOTONIC, CLOCK_MONOTONIC, 0, 1, 0, WALL},
	{"mono-abs", CLOCK_MONOTONIC, CLOCK_MONOTONIC, 1, 1, 0, WALL},
	{"boot-rel", CLOCK_BOOTTIME, CLOCK_BOOTTIME, 0, 1, 0, WALL},
	{"boot-abs", CLOCK_BOOTTIME, CLOCK_BOOTTIME, 1, 1, 0, WALL},
	{"real-rel", CLOCK_REALTIME, CLOCK_MONOTONIC, 0, 1, 0, WALL},
	{"real-abs", CLOCK_REALTIME, CLOCK_REALTIME, 1, 1, 1, WALL},
	{"tai-rel", CLOCK_TAI, CLOCK_TAI, 0, 1, 1, WALL},
	{"tai-abs", CLOCK_TAI, CLOCK_TAI, 1, 1, 1, WALL},
	{"pcpu-rel", CLOCK_PROCESS_CPUTIME_ID, CLOCK_PROCESS_CPUTIME_ID, 0, 1, 0, OWN_CPU},
	{"pcpu-abs", CLOCK_PROCESS_CPUTIME_ID, CLOCK_PROCESS_CPUTIME_ID, 1, 1, 0, OWN_CPU},
	{"tcpu-rel", CLOCK_THREAD_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, 0, 1, 0, OWN_CPU},
	{"init-cpu", CLOCK_INIT_CPU, CLOCK_INIT_CPU, 0, 1, 0, INIT_CPU},
	{"mono-rel-1", CLOCK_MONOTONIC, CLOCK_MONOTONIC, 0, 0, 0, WALL},
	{"boot-abs-1", CLOCK_BOOTTIME, CLOCK_BOOTTIME, 1, 0, 0, WALL},
	{"real-rel-1", CLOCK_REALTIME, CLOCK_MONOTONIC, 0, 0, 0, WALL},
	{"real-abs-1", CLOCK_REALTIME, CLOCK_REALTIME, 1, 0, 1, WALL},
	{"tai-rel-1", CLOCK_TAI, CLOCK_TAI, 0, 0, 1, WALL},
	{"tai-abs-1", CLOCK_TAI, CLOCK_TAI, 1, 0, 1, WALL},
	{"pcpu-rel-1", CLOCK_PROCESS_CPUTIME_ID, CLOCK_PROCESS_CPUTIME_ID, 0, 0, 0, OWN_CPU},
	{"tcpu-abs-1", CLOCK_THREAD_CPUTIME_ID, CLOCK_THREAD_CPUTIME_ID, 1, 0, 0, OWN_CPU},
	{"init-cpu-1", CLOCK_INIT_CPU, CLOCK_INIT_CPU, 0, 0, 0, INIT_CPU},
};
#define NKINDS ((int)(sizeof(kinds) / sizeof(kinds[0])))

/* One timer, as its owner thread made it and as the signals counted it. */
struct tmr {
	timer_t id;
	short kind;
	short owner; /* 0: the process's first thread, 1..: a helper thread */
	int signo;
	long long period;      /* 0: one-shot */
	long long s_lo, s_hi;  /* the first expiry S lies in [s_lo, s_hi] */
	int signals;	       /* counted by whichever thread took them */
	long long overruns;    /* sum of si_overrun */
	int set_back;	       /* signals with si_overrun -1 */
	int state;	       /* settling: TODO, SUSPECT or DONE */
	int suspect_signals;   /* its signals when a read disagreed */
	int wrong;	       /* 1: disagreed with no signal pending; 2: never read clean */
	long long t0, left, t1; /* the last read: clock, timer_gettime, clock */
};

/* The clock ids of this process's run (init's CPU clock is made at run time). */
static clockid_t init_cpu_clock;

static clockid_t real_clock(clockid_t c)
{
	return c == CLOCK_INIT_CPU ? init_cpu_clock : c;
}

static long long ts_ns(const struct timespec *ts)
{
	return ts->tv_sec * NS + ts->tv_nsec;
}

static struct timespec ns_ts(long long ns)
{
	struct timespec ts = {(time_t)(ns / NS), (long)(ns % NS)};

	return ts;
}

/* The clock now, or -1 if it cannot be read. */
static long long now_on(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(real_clock(c), &ts))
		return -1;
	return ts_ns(&ts);
}

/* xorshift32: each process and thread draws from its own. */
static uint32_t rnd(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

/* A value in [lo, hi). */
static long long rnd_range(uint32_t *s, long long lo, long long hi)
{
	uint64_t r = ((uint64_t)rnd(s) << 32) | rnd(s);

	return lo + (long long)(r % (uint64_t)(hi - lo));
}

/* A period from lo up to 256 lo (at most hi), spread over the octaves. */
static long long rnd_period(uint32_t *s, long long lo, long long hi)
{
	long long p = lo << (rnd(s) % 8);

	p += rnd_range(s, 0, p);
	return p > hi ? hi : p;
}

/* One line on the console in one write, whole even among 64 processes. */
static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	char line[200];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	write(1, line, (size_t)n);
}

/*
 * The figures sent to init, each a sum: sigqueue with SIG_MSG and a value
 * field << 26 | chunk << 24 | 24 bits, the chunk-th 24 bits of the figure.
 */
enum figure {
	F_READY,      /* a worker's timers are all armed */
	F_DONE,	      /* a worker has judged all its timers */
	F_TIMERS,
	F_PERIODIC,
	F_SIGNALS,
	F_OVERRUNS,   /* sum of si_overrun */
	F_EXPIRIES,   /* expiries due (= counted) of the periodic timers */
	F_SET_BACK,   /* signals with si_overrun -1 */
	F_FIRED,      /* one-shots whose time came */
	F_PENDING,    /* one-shots whose time never came */
	F_BAD,	      /* timers whose count is wrong */
	F_ROUNDS,     /* passes over the timers to verify them, summed */
	F_IGNORED,    /* times SIG_PARK was ignored */
	F_STEP,	      /* clock_settime steps */
	F_SETOFFSET,  /* adjtimex ADJ_SETOFFSET steps */
	F_SETTOD,     /* settimeofday steps */
	F_BACK,	      /* steps that went back */
	F_SLEW,	      /* adjtime slews */
	F_FREQ,	      /* ADJ_FREQUENCY changes */
	F_TAI,	      /* ADJ_TAI changes */
	F_NR
};

static void send_figure(pid_t to, enum figure f, long long value)
{
	for (int chunk = 0; chunk < 3; chunk++) {
		int bits = (int)((unsigned long long)value >> (24 * chunk)) & 0xffffff;
		union sigval v;

		if (!bits && !(chunk == 0 && value == 0))
			continue;
		v.sival_int = (int)f << 26 | chunk << 24 | bits;
		/* init's queue may be full (1024 entries): wait, and again */
		while (sigqueue(to, SIG_MSG, v)) {
			struct timespec ms = {0, 1000000};

			nanosleep(&ms, NULL);
		}
	}
}

#endif
