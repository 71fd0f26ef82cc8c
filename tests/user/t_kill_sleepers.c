/*
 * Every kind of sleep ends when another thread of the process calls
 * exit_group (and, for a few, execve): a futex wait, a read of the
 * terminal, of a timerfd, nanosleep and clock_nanosleep, poll, select,
 * pause, sigsuspend, sigtimedwait.  The sleeper is killed; the process
 * ends with exit_group's status.  Each case runs in a child process with
 * a time-out: a sleep that goes on is this test's failure, not a hung run.
 * (wait4: t_kill_wait4.c.)
 */
/* expect: status=0 */
/* append: slub_debug */
/* initramfs: yes */
#include "sleeper.h"
#include <poll.h>
#include <sys/timerfd.h>

static volatile int futex_word;

static int futex_fn(void *arg)
{
	(void)arg;
	futex(&futex_word, FUTEX_WAIT, 0, NULL, -1);
	return 0;
}

static int tty_fn(void *arg)
{
	char c;

	(void)arg;
	sys5(NR_read, 0, (long)&c, 1, 0, 0); /* no input comes */
	return 0;
}

static int timerfd_fd;

static int timerfd_fn(void *arg)
{
	unsigned long long ticks;

	(void)arg;
	sys5(NR_read, timerfd_fd, (long)&ticks, sizeof(ticks), 0, 0); /* never armed */
	return 0;
}

static int nanosleep_fn(void *arg)
{
	struct timespec ts = {100, 0};

	(void)arg;
	sys5(NR_nanosleep, (long)&ts, 0, 0, 0, 0);
	return 0;
}

static int clock_nanosleep_fn(void *arg)
{
	struct timespec ts;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec += 100;
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	return 0;
}

static int poll_fn(void *arg)
{
	(void)arg;
	sys5(NR_poll, 0, 0, -1, 0, 0);
	return 0;
}

static int select_fn(void *arg)
{
	(void)arg;
	sys5(NR_select, 0, 0, 0, 0, 0);
	return 0;
}

static int pause_fn(void *arg)
{
	(void)arg;
	sys5(NR_pause, 0, 0, 0, 0, 0);
	return 0;
}

static int sigsuspend_fn(void *arg)
{
	unsigned long long none = 0;

	(void)arg;
	sys5(NR_rt_sigsuspend, (long)&none, 8, 0, 0, 0);
	return 0;
}

static int sigtimedwait_fn(void *arg)
{
	unsigned long long usr1 = 1ull << (SIGUSR1 - 1);

	(void)arg;
	sys5(NR_rt_sigtimedwait, (long)&usr1, 0, 0, 8, 0); /* blocked by main */
	return 0;
}

static int (*sleeper)(void *);

/* The sleeper asleep in its thread, then exit_group(7) from this one. */
static void sleep_then_exit_group(void)
{
	sigset_t usr1;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, NULL); /* the thread inherits it */
	timerfd_fd = timerfd_create(CLOCK_MONOTONIC, 0);
	start(0, sleeper, NULL);
	sleep_ns(SETTLE_NS);
	sys5(NR_exit_group, 7, 0, 0, 0, 0);
}

static void sleep_then_execve(void)
{
	char *argv[] = {"hello", NULL};

	start(0, sleeper, NULL);
	sleep_ns(SETTLE_NS);
	execve("/bin/hello", argv, NULL);
	execve("/bin/true", argv, NULL); /* on Linux */
	_exit(111);
}

static const struct {
	const char *name;
	int (*fn)(void *);
	int execve_too;
} cases[] = {
    {"futex wait", futex_fn, 1},
    {"read of the terminal", tty_fn, 0},
    {"read of a timerfd", timerfd_fn, 0},
    {"nanosleep", nanosleep_fn, 1},
    {"clock_nanosleep", clock_nanosleep_fn, 0},
    {"poll", poll_fn, 0},
    {"select", select_fn, 0},
    {"pause", pause_fn, 0},
    {"sigsuspend", sigsuspend_fn, 0},
    {"sigtimedwait", sigtimedwait_fn, 0},
};

int main(void)
{
	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int st;

		sleeper = cases[i].fn;
		st = child_status_within(sleep_then_exit_group, 3000000000ll);
		tap_why("status %#x (-1: did not end)", st);
		ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 7,
		   "%s in a thread, exit_group in another: the process ends with its status",
		   cases[i].name);
		if (!cases[i].execve_too)
			continue;
		st = child_status_within(sleep_then_execve, 3000000000ll);
		tap_why("status %#x (-1: did not end)", st);
		ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
		   "%s in a thread, execve in another: the new program runs and ends",
		   cases[i].name);
	}
	reap_all();
	return done_testing();
}
