/*
 * Stress with exact accounting (issue 17).
 *
 *   t_stress_timers [PROCESSES [TIMERS [RUN_MS [SEED]]]]      (8 5000 400 1)
 *
 * PROCESSES worker processes (a quarter of them with two more threads)
 * hold TIMERS POSIX timers among them, periodic and one-shot, relative
 * and absolute, on every clock that has timers: REALTIME, MONOTONIC,
 * BOOTTIME, TAI, their own process and thread CPU clocks and init's
 * process CPU clock (stress_timers.h's kinds), signalled to the process
 * or to one thread (SIGEV_THREAD_ID).  Meanwhile one more process moves
 * CLOCK_REALTIME back and forth: clock_settime, settimeofday and adjtimex
 * steps, adjtime slews, frequency and TAI-offset changes.
 *
 * Init (this program) starts them, lets the setter run RUN_MS after every
 * worker has armed its timers, and once the setter has exited (its last
 * step puts REALTIME beyond every value it had) stops every worker and
 * lets them account one at a time, alone on the CPU so that reading
 * their timers outruns the expiries: each checks that for every timer the
 * signals plus overruns are the expiries due, exactly (stress_timers.h
 * defines "due" for each clock), and that one-shots fired once if their
 * time came and else never, and sends init its figures (sigqueue).  Then
 * nothing may be left: no child, no process but init in /proc, the free
 * pages of /proc/meminfo as before the first fork, and (the runner's
 * expect-line, printed by the kernel after init) no POSIX timer.
 *
 * Under QEMU -icount the run repeats; `make stress` runs 64 processes with
 * 100,000 timers and prints the figures, `make test` this smaller slice,
 * with slub_debug (mm/slab_debug.h): a use after free of a timer, a signal
 * or a task on these paths is reported at once.
 */
/* args: 8 5000 400 1 */
/* qemu: -icount shift=3,sleep=off -rtc base=2025-01-01T00:00:00,clock=vm */
/* append: slub_debug */
/* expect-line: tick386: posix timers: now 0, peak 5000, */
#define RAWTHREAD_MAX 2
/* SIG_PARK's handler nests (SA_NODEFER, stress_worker.h): one frame per
 * SIG_PARK timer whose signal is pending, all of a worker's at an unpark */
#define RAWTHREAD_STACK_SIZE (512 * 1024)
#include "../tap.h"
#include "rawthread.h"
#include "stress_timers.h"
#include "stress_worker.h"
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/timex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAXPROCS 64

/* ---- the clock setter ------------------------------------------------------ */

static long long step_counts[F_NR];

/* One change of the clock; *max_rt: the highest REALTIME read so far. */
static void change_clock(uint32_t *rng, long long *max_rt, long long *net)
{
	long long r = now_on(CLOCK_REALTIME), d = rnd_range(rng, MS, 2 * NS);
	struct timex tx;
	int op = (int)(rnd(rng) % 6), rc = 0;

	if (r > *max_rt)
		*max_rt = r;
	/* back or forth at random, but within 5 s of where it would be */
	if (*net > 5 * NS || (*net > -5 * NS && rnd(rng) % 2))
		d = -d;
	memset(&tx, 0, sizeof(tx));
	switch (op) {
	case 0: {
		struct timespec ts = ns_ts(r + d);

		rc = clock_settime(CLOCK_REALTIME, &ts);
		step_counts[F_STEP]++;
		break;
	}
	case 1:
		tx.modes = ADJ_SETOFFSET | ADJ_NANO;
		tx.time.tv_sec = (time_t)(d / NS - (d % NS < 0));
		tx.time.tv_usec = (long)(d - (long long)tx.time.tv_sec * NS);
		rc = adjtimex(&tx) < 0;
		step_counts[F_SETOFFSET]++;
		break;
	case 2: {
		long long us = (r + d) / US;
		struct timeval tv = {(time_t)(us / 1000000), (suseconds_t)(us % 1000000)};

		rc = settimeofday(&tv, NULL);
		step_counts[F_SETTOD]++;
		break;
	}
	case 3:
		tx.modes = ADJ_OFFSET_SINGLESHOT;
		tx.offset = (long)rnd_range(rng, -100000, 100000); /* us */
		rc = adjtimex(&tx) < 0;
		step_counts[F_SLEW]++;
		return;
	case 4:
		tx.modes = ADJ_FREQUENCY;
		tx.freq = (long)rnd_range(rng, -500, 500) << 16; /* ppm << 16 */
		rc = adjtimex(&tx) < 0;
		step_counts[F_FREQ]++;
		return;
	default:
		tx.modes = ADJ_TAI;
		tx.constant = (long)(rnd(rng) % 41);
		rc = adjtimex(&tx) < 0;
		step_counts[F_TAI]++;
		return;
	}
	if (rc)
		step_counts[F_BAD]++;
	*net += d;
	if (d < 0)
		step_counts[F_BACK]++;
}

/*
 * Change the clock every 1..10 ms until RUN_MS after init's go (SIG_ACCOUNT),
 * then set REALTIME 1000 s beyond the highest value it had (read before each
 * step: a step is never more than that late) and report.
 */
static int setter(uint32_t seed, int run_ms)
{
	uint32_t rng = seed * 2246822519u + 7;
	long long max_rt = 0, net = 0, end = -1;
	struct timespec zero = {0, 0}, ts;
	sigset_t go;
	siginfo_t si;
	pid_t init = getppid();

	sigemptyset(&go);
	sigaddset(&go, SIG_ACCOUNT);
	for (;;) {
		struct timespec pause = ns_ts(rnd_range(&rng, MS, 10 * MS));

		if (end < 0 && sigtimedwait(&go, &si, &zero) == SIG_ACCOUNT)
			end = now_on(CLOCK_MONOTONIC) + run_ms * MS;
		if (end >= 0 && now_on(CLOCK_MONOTONIC) >= end)
			break;
		change_clock(&rng, &max_rt, &net);
		nanosleep(&pause, NULL);
	}
	if (now_on(CLOCK_REALTIME) > max_rt)
		max_rt = now_on(CLOCK_REALTIME);
	ts = ns_ts(max_rt + 1000 * NS);
	if (clock_settime(CLOCK_REALTIME, &ts))
		step_counts[F_BAD]++;
	step_counts[F_STEP]++;
	for (int f = F_STEP; f < F_NR; f++)
		send_figure(init, (enum figure)f, step_counts[f]);
	send_figure(init, F_BAD, step_counts[F_BAD]);
	return step_counts[F_BAD] ? 1 : 0;
}

/* ---- init ------------------------------------------------------------------ */

static int nproc;
static pid_t pids[MAXPROCS], setter_pid;
static int ready[MAXPROCS], done[MAXPROCS], exited[MAXPROCS + 1], status[MAXPROCS + 1];
static long long figures[F_NR], bad_by[MAXPROCS + 1];
static sigset_t init_set;

static int who(pid_t pid)
{
	for (int w = 0; w < nproc; w++)
		if (pids[w] == pid)
			return w;
	return pid == setter_pid ? MAXPROCS : -1;
}

static void reap(void)
{
	int st;
	pid_t pid;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
		int w = who(pid);

		if (w >= 0) {
			exited[w] = 1;
			status[w] = st;
		}
	}
}

/* One figure from a worker or the setter. */
static void take_msg(const siginfo_t *si)
{
	int v = si->si_value.sival_int, f = v >> 26, w = who(si->si_pid);
	long long part = (long long)(v & 0xffffff) << (24 * ((v >> 24) & 3));

	if (f < 0 || f >= F_NR || w < 0)
		return;
	figures[f] += part;
	if (f == F_BAD)
		bad_by[w] += part;
	if (f == F_READY && w < MAXPROCS)
		ready[w] = 1;
	if (f == F_DONE && w < MAXPROCS)
		done[w] = 1;
}

/* Wait for one signal of init_set and take it. */
static void take_one(void)
{
	siginfo_t si;
	int s = sigwaitinfo(&init_set, &si);

	if (s == SIGCHLD) {
		/* a child's figures were queued before its end: take them first */
		sigset_t msg;
		struct timespec zero = {0, 0};

		sigemptyset(&msg);
		sigaddset(&msg, SIG_MSG);
		while (sigtimedwait(&msg, &si, &zero) == SIG_MSG)
			take_msg(&si);
		reap();
	} else if (s == SIG_MSG) {
		take_msg(&si);
	}
}

static int all_ready(void)
{
	for (int w = 0; w < nproc; w++)
		if (!ready[w] && !exited[w])
			return 0;
	return 1;
}

/* MemFree of /proc/meminfo, in kB (-1 if unreadable). */

/* The processes /proc lists besides init. */
static int others_in_proc(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] >= '0' && e->d_name[0] <= '9' && atoi(e->d_name) != getpid())
			n++;
	closedir(d);
	return n;
}

/* Use once what init uses again before its last reading of MemFree: the
 * heap opendir takes, the stack at its deepest. */
static void warm_up(void)
{
	volatile char deep[16384];

	for (unsigned i = 0; i < sizeof(deep); i += 512)
		deep[i] = 0;
	others_in_proc();
	tap_meminfo_kb("MemFree:");
}

static double seconds(long long ns)
{
	return (double)ns / NS;
}

int main(int argc, char **argv)
{
	int ntimers = argc > 2 ? atoi(argv[2]) : 5000, run_ms = argc > 3 ? atoi(argv[3]) : 400;
	uint32_t seed = argc > 4 ? (uint32_t)strtoul(argv[4], NULL, 10) : 1;
	long long t_begin, t_ready, t_set, t_end, free_before, free_peak, free_after = -1;
	int bad_workers = 0, unready = 0, waits = 0;

	nproc = argc > 1 ? atoi(argv[1]) : 8;
	if (nproc < 1 || nproc > MAXPROCS || ntimers < nproc) {
		ok(0, "arguments: 1..%d processes, at least one timer each", MAXPROCS);
		return done_testing();
	}
	tap_note("stress: %d processes, %d timers, clock setter for %d ms after setup, seed %u",
		 nproc, ntimers, run_ms, seed);
	sigemptyset(&init_set);
	sigaddset(&init_set, SIG_MSG);
	sigaddset(&init_set, SIGCHLD);
	sigaddset(&init_set, SIG_ACCOUNT);
	sigprocmask(SIG_BLOCK, &init_set, NULL);
	sigdelset(&init_set, SIG_ACCOUNT);
	warm_up();
	free_before = tap_meminfo_kb("MemFree:");
	t_begin = now_on(CLOCK_MONOTONIC);

	setter_pid = fork();
	if (setter_pid == 0)
		_exit(setter(seed, run_ms));
	for (int w = 0; w < nproc; w++) {
		int n = ntimers / nproc + (w < ntimers % nproc);

		pids[w] = fork();
		if (pids[w] == 0)
			_exit(worker(w, n, seed));
		if (pids[w] < 0) {
			ok(0, "fork worker %d: %s", w, strerror(errno));
			return done_testing();
		}
	}
	while (!all_ready())
		take_one();
	t_ready = now_on(CLOCK_MONOTONIC);
	free_peak = tap_meminfo_kb("MemFree:");
	for (int w = 0; w < nproc; w++)
		unready += !ready[w];
	ok(setter_pid > 0 && unready == 0, "%d workers armed %d timers (%d did not)", nproc,
	   ntimers, unready);
	tap_note("armed in %.3f s", seconds(t_ready - t_begin));

	kill(setter_pid, SIG_ACCOUNT); /* go: RUN_MS more */
	while (!exited[MAXPROCS])
		take_one();
	t_set = now_on(CLOCK_MONOTONIC);
	ok(WIFEXITED(status[MAXPROCS]) && WEXITSTATUS(status[MAXPROCS]) == 0 &&
		   !bad_by[MAXPROCS],
	   "the clock setter made %lld steps (%lld back), %lld slews, %lld frequency and %lld "
	   "TAI changes, none refused",
	   figures[F_STEP] + figures[F_SETOFFSET] + figures[F_SETTOD], figures[F_BACK],
	   figures[F_SLEW], figures[F_FREQ], figures[F_TAI]);

	/* One at a time, alone: every other worker stopped. */
	for (int w = 0; w < nproc; w++)
		kill(pids[w], SIGSTOP);
	for (int w = 0; w < nproc; w++) {
		kill(pids[w], SIG_ACCOUNT);
		kill(pids[w], SIGCONT);
		while (!exited[w])
			take_one();
		tap_note("worker %d accounted at %.3f s", w, seconds(now_on(CLOCK_MONOTONIC)));
		if (!WIFEXITED(status[w]) || WEXITSTATUS(status[w]) != 0 || !done[w] || bad_by[w]) {
			bad_workers++;
			tap_note("worker %d: %s %d, %s, %lld bad", w,
				 WIFEXITED(status[w]) ? "exit" : "signal",
				 WIFEXITED(status[w]) ? WEXITSTATUS(status[w]) : WTERMSIG(status[w]),
				 done[w] ? "done" : "never done", bad_by[w]);
		}
	}
	t_end = now_on(CLOCK_MONOTONIC);
	ok(bad_workers == 0 && figures[F_TIMERS] == ntimers,
	   "every timer of %lld: signals + overruns == expiries due, one-shots once if due "
	   "(%d workers wrong)",
	   figures[F_TIMERS], bad_workers);

	ok(waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD, "no child left");
	ok(others_in_proc() == 0, "/proc lists no process but init");
	/* A thread's task is freed by the kernel's reaper, which may not have
	 * run yet: give it up to a second. */
	for (waits = 0; waits < 100; waits++) {
		struct timespec ms10 = {0, 10 * MS};

		free_after = tap_meminfo_kb("MemFree:");
		if (free_after == free_before)
			break;
		nanosleep(&ms10, NULL);
	}
	ok(free_before > 0 && free_after == free_before,
	   "MemFree as before the first fork: %lld kB, after %lld kB", free_before, free_after);

	tap_note("timers %lld (%lld periodic, %lld one-shot: %lld fired, %lld never due)",
		 figures[F_TIMERS], figures[F_PERIODIC], figures[F_TIMERS] - figures[F_PERIODIC],
		 figures[F_FIRED], figures[F_PENDING]);
	tap_note("signals %lld, overruns %lld, periodic expiries due and counted %lld, "
		 "signals after a step back (si_overrun -1) %lld",
		 figures[F_SIGNALS], figures[F_OVERRUNS], figures[F_EXPIRIES],
		 figures[F_SET_BACK]);
	tap_note("clock steps %lld (clock_settime %lld, ADJ_SETOFFSET %lld, settimeofday %lld; "
		 "%lld back), slews %lld, frequency %lld, TAI offset %lld",
		 figures[F_STEP] + figures[F_SETOFFSET] + figures[F_SETTOD], figures[F_STEP],
		 figures[F_SETOFFSET], figures[F_SETTOD], figures[F_BACK], figures[F_SLEW],
		 figures[F_FREQ], figures[F_TAI]);
	tap_note("virtual time (s): setup %.3f, clock setter %.3f, accounting %.3f, total %.3f; "
		 "verifying passes %lld; SIG_PARK ignored %lld times",
		 seconds(t_ready - t_begin), seconds(t_set - t_ready), seconds(t_end - t_set),
		 seconds(t_end - t_begin), figures[F_ROUNDS], figures[F_IGNORED]);
	tap_note("memory at the peak: %lld kB in use by the workers (%lld B per timer), "
		 "page check waited %d ms",
		 free_before - free_peak, (free_before - free_peak) * 1024 / ntimers, waits * 10);
	return done_testing();
}
