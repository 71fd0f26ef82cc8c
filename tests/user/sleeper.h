/*
 * Sleepers under attack, for the tests of what keeps a sleeping system
 * call's objects alive and what ends its sleep (t_close_sleeper.c,
 * t_kill_wait4.c, t_kill_sleepers.c): a thread (rawthread.h) sleeps in a
 * call while another thread of its process closes the descriptor, calls
 * exit_group or execve.  A sleep that never ends must be a test failure,
 * not a hung run: every wait here has a time-out.  Raw system calls in
 * the threads (their errno would be the leader's: no TLS of their own).
 * Static functions: include it in one test program.
 */
#ifndef TESTS_USER_SLEEPER_H
#define TESTS_USER_SLEEPER_H

#include "../tap.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "rawthread.h"

#define NR_read 3
#define NR_close 6
#define NR_execve 11
#define NR_pause 29
#define NR_wait4 114
#define NR_select 142
#define NR_nanosleep 162
#define NR_poll 168
#define NR_rt_sigtimedwait 177
#define NR_rt_sigsuspend 179

/* How long the other thread waits for the sleeper to be asleep. */
#define SETTLE_NS 50000000ll

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ll + ts.tv_nsec;
}

static void sleep_ns(long long ns)
{
	struct timespec ts = {(time_t)(ns / 1000000000ll), (long)(ns % 1000000000ll)};

	while (nanosleep(&ts, &ts) != 0)
		;
}

/* Join the thread of slot i within limit_ns: 1 if it ended, 0 if not. */
static int join_within(int i, long long limit_ns)
{
	long long end = now_ns() + limit_ns;
	int v;

	while ((v = ctids[i]) != 0) {
		struct timespec ts = {0, 20000000};

		if (now_ns() >= end)
			return 0;
		futex(&ctids[i], FUTEX_WAIT, v, &ts, -1);
	}
	return 1;
}

/*
 * Run fn in a child process, which must end by itself within limit_ns
 * (fn makes its threads sleep and ends the process); returns its wait
 * status, or -1 when it did not end in time (it is then killed: the
 * hang is this test's failure, not the run's).
 */
static int child_status_within(void (*fn)(void), long long limit_ns)
{
	long long end;
	int status = 0;
	pid_t pid = fork();

	if (pid == 0) {
		fn();
		_exit(100); /* fn ends the process itself */
	}
	if (pid < 0)
		return -2;
	end = now_ns() + limit_ns;
	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (now_ns() >= end) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			return -1;
		}
		sleep_ns(10000000);
	}
	return status;
}

/* Reap whatever children are left (orphans given to us included). */
static void reap_all(void)
{
	int status;

	while (waitpid(-1, &status, 0) > 0)
		;
}

/*
 * Objects in use in the kernel's kmalloc caches (/proc/slabinfo), or -1:
 * what a sleeper's objects (a file, its timerfd, an epoll and its items)
 * leave behind once the last reference has gone.  tick386 only (Linux's
 * counts move by themselves).
 */
static inline long kmalloc_objects(void)
{
#ifdef __tick386__
	static char text[4096];
	long sum = 0, active;
	char name[32];
	char *line;

	if (tap_slurp("/proc/slabinfo", text, sizeof(text)) < 0)
		return -1;
	for (line = strchr(text, '\n'); line && line[1]; line = strchr(line + 1, '\n'))
		if (sscanf(line + 1, "%31s %ld", name, &active) == 2 &&
		    strncmp(name, "kmalloc-", 8) == 0)
			sum += active;
	return sum;
#else
	return -1;
#endif
}

#endif
