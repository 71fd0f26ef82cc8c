/*
 * Ends under sleepers, and signals to init.
 *
 * exit-sleepers: threads asleep in wait4 (on a child that outlives the
 * scenario's end), futex, read (an unarmed timerfd, the tty), nanosleep,
 * sigsuspend and poll; then one thread (the main one or another, itself
 * perhaps the only one awake) ends the process by exit_group or execve.
 * The process must end, with the status asked for (execve: the new image
 * exits with it at once): compared.
 *
 * kill-init: signals whose default action ends a process, SIGKILL among
 * them, sent to init (pid 1: the driver) by kill, and to every process by
 * kill(-1).  Linux drops them all for init (SIGNAL_UNKILLABLE; kill(-1)
 * spares init and the caller): the driver lives on, and says so.
 */
#include "race.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#ifndef __NR_execve
#define __NR_execve 11
#endif

/* The image execve starts: exit at once with the status asked for. */
int exec_target(int argc, char **argv)
{
	return argc >= 3 ? atoi(argv[2]) : 99;
}

void race_end(int how, int code)
{
	if (how == 1) {
		char codebuf[12];
		char *args[] = {(char *)self_path, "--exec-target", codebuf, NULL};
		char *envp[] = {NULL};

		snprintf(codebuf, sizeof(codebuf), "%d", code);
		sys3(__NR_execve, self_path, args, envp);
	}
	sys1(__NR_exit_group, code);
}

enum { S_WAIT4, S_FUTEX, S_READ_TFD, S_READ_TTY, S_NANOSLEEP, S_SIGSUSPEND, S_POLL, S_KINDS };
static const char *const sleep_names[] = {"wait4", "futex", "read-timerfd", "read-tty",
					  "nanosleep", "sigsuspend", "poll"};

static volatile int futex_word;
static volatile int asleep;
static int tfd = -1;

static void sleep_in(int kind)
{
	char buf[8];
	int status;

	__atomic_add_fetch(&asleep, 1, __ATOMIC_SEQ_CST);
	switch (kind) {
	case S_WAIT4:
		sys4(__NR_wait4, -1, &status, 0, 0);
		break;
	case S_FUTEX:
		sys6(__NR_futex, (long)&futex_word, 0 /* FUTEX_WAIT */, 0, 0, 0);
		break;
	case S_READ_TFD:
		sys3(__NR_read, tfd, buf, 8);
		break;
	case S_READ_TTY:
		sys3(__NR_read, 0, buf, 1);
		break;
	case S_NANOSLEEP:
		nap_us(20000000);
		break;
	case S_SIGSUSPEND: {
		uint64_t none = 0;

		sys2(__NR_rt_sigsuspend, &none, 8);
		break;
	}
	case S_POLL:
		sys3(__NR_poll, 0, 0, 20000);
		break;
	}
}

static int sleeper_fn(void *arg)
{
	sleep_in((int)(long)arg);
	return 0;
}

static struct {
	int how, code;
	long us;
} ender;

static int ender_fn(void *arg)
{
	(void)arg;
	nap_us(ender.us);
	race_end(ender.how, ender.code);
	return 0;
}

void race_end_from_thread(int slot, int how, int code, long us)
{
	ender.how = how;
	ender.code = code;
	ender.us = us;
	thread_start(slot, ender_fn, NULL);
}

int sc_exit_sleepers(void)
{
	int nthreads = 1 + (int)rnd(4), main_sleeps = chance(50), kinds[5];
	long child = -1;
	char text[120];
	int len = 0;

	ender.how = chance(40);
	ender.code = 100 + (int)rnd(50);
	ender.us = 1000 + 1000 * (long)rnd(30);
	tfd = (int)sys2(__NR_timerfd_create, 1 /* CLOCK_MONOTONIC */, 0);
	for (int i = 0; i < nthreads + 1; i++) {
		kinds[i] = (int)rnd(S_KINDS);
		len += snprintf(text + len, sizeof(text) - (size_t)len, " %s",
				sleep_names[kinds[i]]);
	}
	say("  sleepers%s%s, %s by %s at %ld ms", text, main_sleeps ? " (the last: main)" : "",
	    main_sleeps ? "another thread ends" : "main ends", ender.how ? "execve" : "exit_group",
	    ender.us / 1000);
	flush_out();
	/* a child for wait4, that outlives the end (init reaps it) */
	child = sys0(__NR_fork);
	if (child == 0) {
		nap_us(150000); /* past the end (at most 30 ms) */
		sys1(__NR_exit, 0);
	}
	for (int i = 0; i < nthreads; i++)
		thread_start(i, sleeper_fn, (void *)(long)kinds[i]);
	while (asleep < nthreads)
		nap_us(200);
	if (main_sleeps) {
		race_end_from_thread(nthreads, ender.how, ender.code, ender.us);
		sleep_in(kinds[nthreads]);
		nap_us(5000000); /* woken (wait4's child ended): wait for the end */
	} else {
		nap_us(ender.us);
		race_end(ender.how, ender.code);
	}
	return 1; /* the end did not come */
}

/* ---- kill-init ---------------------------------------------------------- */

int sc_kill_init(void)
{
	static const int sigs[] = {SIGKILL, SIGKILL, SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGALRM};
	int n = 1 + (int)rnd(3);

	for (int i = 0; i < n; i++) {
		int sig = i == 0 && chance(50) ? SIGKILL : sigs[rnd(sizeof(sigs) / sizeof(sigs[0]))];
		long r;

		if (chance(20)) {
			/* every process but init and the caller: no other here,
			 * but Linux counts its kernel threads (0, not ESRCH) */
			r = sys2(__NR_kill, -1, sig);
			say("  kill(-1, %d)\n# -> %s", sig, errname(r));
		} else {
			r = sys2(__NR_kill, 1, sig);
			say("  kill(1, %d) -> %s", sig, errname(r));
		}
		flush_out();
		nap_us(2000); /* the driver runs meanwhile */
	}
	return 0;
}
