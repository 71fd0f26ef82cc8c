/*
 * /proc/self/timers and /proc/timer_list of a process with 20,000 armed
 * timers are made without holding interrupts off for long: another process
 * that reads CLOCK_MONOTONIC in a loop never sees it stand still for more
 * than a scheduler slice and a little (the bound below), while the first
 * reads the files, and a thread deleting them all meanwhile leaves a
 * shorter list, nothing worse.  The kernel once made both texts with interrupts off
 * throughout (65 ms for this one at 20,000, 654 ms at 200,000), and
 * timer_list searched every timer of every task for each line.  Both
 * files must still list every timer.  Virtual time (-icount), so the gaps
 * do not depend on the host's load.
 */
/* requires: fs/proc_timer_list.c */
/* qemu: -icount shift=3,sleep=off -m 256 */
/* initramfs: yes */
/* expect: status=0 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

#define N 20000
#define GAP_BOUND_MS 25 /* a slice is 10 ms */

static timer_t ids[N];
static volatile long long max_gap;

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void on_term(int sig)
{
	long long ms = max_gap / 1000000;

	(void)sig;
	_exit(ms > 255 ? 255 : (int)ms);
}

static void on_usr1(int sig)
{
	(void)sig;
	max_gap = 0; /* measure from here */
}

static void *deleter(void *arg)
{
	(void)arg;
	for (int i = N - 1; i >= 0; i--)
		timer_delete(ids[i]);
	return NULL;
}

/* The measurer: the longest time between two readings, in ms as its status. */
static void measure(void)
{
	long long prev = now_ns();

	signal(SIGTERM, on_term);
	signal(SIGUSR1, on_usr1);
	kill(getppid(), SIGUSR2);
	for (;;) {
		long long t = now_ns();

		if (t - prev > max_gap)
			max_gap = t - prev;
		prev = t;
	}
}

/* Lines of path that start with prefix, reading it whole; -1 if it cannot. */
static long count_lines(const char *path, const char *prefix)
{
	static char buf[65536];
	char line[256];
	long count = 0;
	size_t len = 0, plen = strlen(prefix);
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] != '\n') {
				if (len < sizeof(line) - 1)
					line[len++] = buf[i];
				continue;
			}
			line[len] = 0;
			if (!strncmp(line, prefix, plen))
				count++;
			len = 0;
		}
	}
	close(fd);
	return count;
}

/* Read path while the measurer runs: the longest gap it saw, in ms. */
static int gap_while_reading(pid_t m, const char *path, const char *prefix, long *lines)
{
	struct timespec settle = {0, 30000000};

	kill(m, SIGUSR1);
	nanosleep(&settle, NULL);
	*lines = count_lines(path, prefix);
	nanosleep(&settle, NULL);
	return 0;
}

int main(void)
{
	struct itimerspec its;
	struct sigevent ev;
	struct timespec ready = {5, 0};
	sigset_t set;
	pid_t m;
	long lines = 0;
	int status = -1, made = 0;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	memset(&its, 0, sizeof(its));
	for (int i = 0; i < N; i++) {
		its.it_value.tv_sec = 1000 + i % 1000; /* armed, far off */
		if (timer_create(i % 2 ? CLOCK_MONOTONIC : CLOCK_REALTIME, &ev, &ids[i]) ||
		    timer_settime(ids[i], 0, &its, NULL))
			break;
		made++;
	}
	ok(made == N, "%d armed timers", made);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	m = fork();
	if (m == 0)
		measure();
	ok(sigtimedwait(&set, NULL, &ready) == SIGUSR2, "the measurer runs");

	gap_while_reading(m, "/proc/self/timers", "ID: ", &lines);
	ok(lines == N, "/proc/self/timers lists them all (%ld)", lines);
	kill(m, SIGTERM);
	waitpid(m, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) < GAP_BOUND_MS,
	   "while it was read, the clock never stood for %d ms (longest %d ms)", GAP_BOUND_MS,
	   WIFEXITED(status) ? WEXITSTATUS(status) : -1);

	m = fork();
	if (m == 0)
		measure();
	ok(sigtimedwait(&set, NULL, &ready) == SIGUSR2, "the measurer runs again");
	gap_while_reading(m, "/proc/timer_list", " #", &lines);
	ok(lines >= N, "/proc/timer_list lists them all (%ld lines)", lines);
	kill(m, SIGTERM);
	status = -1;
	waitpid(m, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) < GAP_BOUND_MS,
	   "while timer_list was read, the clock never stood for %d ms (longest %d ms)",
	   GAP_BOUND_MS, WIFEXITED(status) ? WEXITSTATUS(status) : -1);

	/* A thread deletes them all while the files are read: the walks hold
	 * ids, not timers, so they list what is still there and nothing else. */
	{
		pthread_t th;
		long a, b;

		pthread_create(&th, NULL, deleter, NULL);
		a = count_lines("/proc/self/timers", "ID: ");
		b = count_lines("/proc/timer_list", " #");
		pthread_join(th, NULL);
		ok(a >= 0 && a <= N && b >= 0 && b <= N + 8,
		   "read while a thread deletes them: part of the list (%ld, %ld)", a, b);
		a = count_lines("/proc/self/timers", "ID: ");
		ok(a == 0, "none listed once deleted (%ld)", a);
	}
	return done_testing();
}
