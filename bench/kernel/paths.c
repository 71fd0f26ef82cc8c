/*
 * paths: one kernel path at a time, between two markers, for
 * tools/profile-path (make profile-path PATH_NAME=...), which single-steps
 * it under QEMU's gdb stub and counts the guest instructions per function.
 *
 *     paths NAME [ARMED]
 *
 * Each path runs PATH_RUNS times as
 *     prof_begin(); OPERATION; prof_end();
 * and the profiler takes the last run (the earlier ones warm what a first
 * call does once).  The operations are kbench's (bench/kernel/kbench.c):
 *
 *   getpid             getpid()
 *   clock_gettime      clock_gettime(CLOCK_MONOTONIC) (the vDSO's, when there is one)
 *   clock_gettime_syscall  the same as a system call, syscall(SYS_clock_gettime)
 *   timer_settime      a relative re-arm with 1,000 armed
 *   timer_gettime      with 1,000 armed
 *   timer_create       with 1,000 armed (deleted again, untimed), after
 *                      64 such pairs
 *   timer_delete       with 1,000 armed (re-created, untimed)
 *   deadline           a 1 ms periodic timer's expiry to its handler's
 *                      entry: prof_begin() is called before sigsuspend;
 *                      the profile starts at IRQ 0's stub (isr_stub_32)
 *                      once the last run's task is asleep, and ends at
 *                      prof_end(), the handler's first act
 *
 * The armed timers are kbench's: 1,000-1,100 s ahead on a blocked signal,
 * ARMED of them (1,000 unless given, at most 10,000).
 * Plain POSIX: it runs on Linux too (without a profile).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_ARMED 10000
#define PATH_RUNS 4
#define FAR_SIG SIGRTMIN
#define TICK_SIG (SIGRTMIN + 1)

/* The markers: out of line, so that the profiler can break on them;
 * prof_run counts the runs begun (the profiler reads it from the kernel). */
volatile unsigned prof_run;

__attribute__((noinline)) void prof_begin(void)
{
	prof_run++;
}

__attribute__((noinline)) void prof_end(void)
{
	__asm__ volatile("" ::: "memory");
}

static timer_t ids[MAX_ARMED];
static int armed = 1000; /* argv[2] */

static void die(const char *what)
{
	perror(what);
	exit(1);
}

static void arm_far(timer_t id, int k)
{
	struct itimerspec its;

	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = 1000 + k % 100;
	its.it_value.tv_nsec = (long)((k * 9973LL) % 1000000000LL);
	if (timer_settime(id, 0, &its, NULL) != 0)
		die("timer_settime (far)");
}

static timer_t create_far(int k)
{
	struct sigevent ev;
	timer_t id;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = FAR_SIG;
	ev.sigev_value.sival_int = k;
	if (timer_create(CLOCK_MONOTONIC, &ev, &id) != 0)
		die("timer_create (far)");
	return id;
}

static void arm_all(void)
{
	for (int k = 0; k < armed; k++) {
		ids[k] = create_far(k);
		arm_far(ids[k], k);
	}
}

static volatile int ticks;

static void on_tick(int sig, siginfo_t *si, void *uc)
{
	prof_end();
	(void)sig;
	(void)si;
	(void)uc;
	ticks++;
}

static void deadline(void)
{
	struct sigaction sa;
	struct sigevent ev;
	struct itimerspec its;
	sigset_t none;
	timer_t id;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_tick;
	sa.sa_flags = SA_SIGINFO;
	sigaction(TICK_SIG, &sa, NULL);
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = TICK_SIG;
	if (timer_create(CLOCK_MONOTONIC, &ev, &id) != 0)
		die("timer_create (periodic)");
	memset(&its, 0, sizeof(its));
	its.it_interval.tv_nsec = 1000000;
	its.it_value.tv_nsec = 1000000;
	if (timer_settime(id, 0, &its, NULL) != 0)
		die("timer_settime (periodic)");
	sigemptyset(&none);
	sigaddset(&none, FAR_SIG);
	for (int run = 0; run < PATH_RUNS; run++) {
		int seen = ticks;

		prof_begin();
		while (ticks == seen)
			sigsuspend(&none);
	}
	timer_delete(id);
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "";
	struct itimerspec its;
	struct timespec ts;
	sigset_t far;

	if (argc > 2)
		armed = atoi(argv[2]);
	if (armed < 1 || armed > MAX_ARMED) {
		fprintf(stderr, "paths: ARMED is 1..%d\n", MAX_ARMED);
		return 2;
	}

	sigemptyset(&far);
	sigaddset(&far, FAR_SIG);
	sigprocmask(SIG_BLOCK, &far, NULL);
	if (strcmp(name, "deadline") == 0) {
		deadline();
		return 0;
	}
	if (strncmp(name, "timer_", 6) == 0)
		arm_all();
	/* kbench's timer_create row creates and deletes 1,000 times: its ids
	 * soon have a leaf of the id allocator each, made and emptied */
	if (strcmp(name, "timer_create") == 0)
		for (int i = 0; i < 64; i++)
			timer_delete(create_far(i));
	for (int run = 0; run < PATH_RUNS; run++) {
		int k = (run * 7919) % armed;

		if (strcmp(name, "getpid") == 0) {
			prof_begin();
			(void)getpid();
			prof_end();
		} else if (strcmp(name, "clock_gettime") == 0) {
			prof_begin();
			clock_gettime(CLOCK_MONOTONIC, &ts);
			prof_end();
		} else if (strcmp(name, "clock_gettime_syscall") == 0) {
			prof_begin();
			syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
			prof_end();
		} else if (strcmp(name, "timer_settime") == 0) {
			memset(&its, 0, sizeof(its));
			its.it_value.tv_sec = 1000 + run;
			its.it_value.tv_nsec = run * 7717;
			prof_begin();
			timer_settime(ids[k], 0, &its, NULL);
			prof_end();
		} else if (strcmp(name, "timer_gettime") == 0) {
			prof_begin();
			timer_gettime(ids[k], &its);
			prof_end();
		} else if (strcmp(name, "timer_create") == 0) {
			struct sigevent ev;
			timer_t id;

			memset(&ev, 0, sizeof(ev));
			ev.sigev_notify = SIGEV_SIGNAL;
			ev.sigev_signo = FAR_SIG;
			prof_begin();
			timer_create(CLOCK_MONOTONIC, &ev, &id);
			prof_end();
			timer_delete(id);
		} else if (strcmp(name, "timer_delete") == 0) {
			prof_begin();
			timer_delete(ids[k]);
			prof_end();
			ids[k] = create_far(k);
			arm_far(ids[k], k);
		} else {
			fprintf(stderr, "paths: unknown path '%s'\n", name);
			return 2;
		}
	}
	return 0;
}
