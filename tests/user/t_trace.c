/*
 * The timer-path trace (kernel/trace.h) seen from user space: /proc/trace_on
 * starts it, a one-shot timer is armed and its signal taken, and
 * /proc/trace must then hold, in this order and with this process's pid
 * and the timer's id: arm -> PIT programmed for the timer's deadline ->
 * IRQ 0 -> expire -> signal_queued -> signal_delivered.  Then: tracing
 * off records nothing, a write to /proc/trace empties it, /proc/trace_on
 * refuses words other than 0 and 1.  Under -icount: with real time, a
 * loaded host can deliver IRQ 0 late, after an event programmed before the
 * trace began, and the order checked here would depend on the load.
 */
/* initramfs: yes */
/* qemu: -icount shift=3,align=off,sleep=off */
/* expect: status=0 */
#include "../tap.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char text[65536];
static volatile sig_atomic_t got_tid = -1;

/* The whole text of path into text: tests/tap.h */
static int slurp(const char *path)
{
	return tap_slurp(path, text, (int)sizeof(text));
}

static int put(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), rc;

	if (fd < 0)
		return -errno;
	rc = write(fd, s, strlen(s));
	if (rc < 0)
		rc = -errno;
	close(fd);
	return rc;
}

static void on_signal(int signo, siginfo_t *info, void *uc)
{
	(void)signo;
	(void)uc;
	got_tid = info->si_timerid;
}

/* The value of " key=" in line (up to its end), or -1. */
static long long field(const char *line, const char *key)
{
	char want[32];
	const char *p, *end = strchr(line, '\n');

	snprintf(want, sizeof(want), " %s=", key);
	p = strstr(line, want);
	if (!p || (end && p > end))
		return -1;
	return strtoll(p + strlen(want), NULL, 10);
}

/* The next line from *pos of event ev (and, if timer >= 0, timer=timer, and
 * if pid >= 0, pid=pid); NULL if none.  *pos moves past it. */
static const char *find(const char **pos, const char *ev, long timer, long pid)
{
	char want[40];
	const char *p = *pos;

	snprintf(want, sizeof(want), " %s ", ev);
	while (p && *p) {
		const char *end = strchr(p, '\n');
		const char *hit = strstr(p, want);

		if (!end)
			break;
		if (hit && hit < end && (timer < 0 || field(p, "timer") == timer) &&
		    (pid < 0 || field(p, "pid") == pid)) {
			*pos = end + 1;
			return p;
		}
		p = end + 1;
	}
	return NULL;
}

static int records(void)
{
	const char *p;

	slurp("/proc/trace");
	p = strstr(text, "records=");
	return p ? atoi(p + 8) : -1;
}

int main(void)
{
	struct sigaction sa = { 0 };
	struct sigevent ev = { 0 };
	struct itimerspec its = { .it_value = { 0, 3000000 } };
	timer_t tid;
	long pid = getpid(), id;
	long long deadline;
	const char *pos, *arm, *pit = NULL, *irq, *exp, *queued, *delivered;

	ok(slurp("/proc/trace_on") == 2 && !strcmp(text, "0\n"), "trace is off at boot");
	ok(put("/proc/trace_on", "1") == 1, "write 1 to /proc/trace_on");
	ok(slurp("/proc/trace_on") == 2 && !strcmp(text, "1\n"), "trace_on reads 1");
	ok(put("/proc/trace", "\n") == 1, "a write to /proc/trace empties it");

	sa.sa_sigaction = on_signal;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGRTMIN, &sa, NULL);
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGRTMIN;
	if (!ok(timer_create(CLOCK_MONOTONIC, &ev, &tid) == 0, "timer_create"))
		return 1;
	id = (long)tid;
	timer_settime(tid, 0, &its, NULL);
	while (got_tid < 0)
		pause();
	put("/proc/trace_on", "0");
	ok(got_tid == id, "the handler got the timer's signal");

	ok(slurp("/proc/trace") > 0 && !strncmp(text, "# tick386 trace: ", 17), "read /proc/trace");
	pos = text;
	arm = find(&pos, "arm", id, pid);
	deadline = arm ? field(arm, "expires") : -1;
	tap_why("no arm of timer %ld by pid %ld in:\n%s", id, pid, text);
	ok(arm != NULL, "arm of the timer, by this process");
	/* The PIT programmed for the deadline: there may be others between. */
	while (arm) {
		pit = find(&pos, "pit", -1, -1);
		if (!pit || field(pit, "deadline") == deadline)
			break;
	}
	tap_why("deadline %lld", deadline);
	ok(pit != NULL, "then the PIT programmed for its deadline");
	irq = pit ? find(&pos, "irq0", -1, -1) : NULL;
	ok(irq != NULL, "then IRQ 0");
	exp = irq ? find(&pos, "expire", id, pid) : NULL;
	ok(exp != NULL && field(exp, "deadline") == deadline, "then the timer's expiry, at its deadline");
	queued = exp ? find(&pos, "signal_queued", id, pid) : NULL;
	ok(queued != NULL && field(queued, "signo") == SIGRTMIN, "then its signal queued");
	delivered = queued ? find(&pos, "signal_delivered", id, pid) : NULL;
	ok(delivered != NULL && field(delivered, "signo") == SIGRTMIN, "then its handler entered");
	ok(exp && field(exp, "seq") > 0 && strtoll(exp, NULL, 10) >= deadline,
	   "the expiry's timestamp is not before the deadline");

	/* Off: a timer's whole path leaves no record. */
	{
		int before = records();

		got_tid = -1;
		timer_settime(tid, 0, &its, NULL);
		while (got_tid < 0)
			pause();
		tap_why("records %d then %d", before, records());
		ok(before > 0 && records() == before, "off: nothing is recorded");
	}
	ok(put("/proc/trace", "x") == 1 && records() == 0, "a write to /proc/trace empties it");
	ok(put("/proc/trace_on", "2") == -EINVAL, "trace_on refuses other words: EINVAL");
	ok(slurp("/proc/trace_on") == 2 && !strcmp(text, "0\n"), "and stays off");
	timer_delete(tid);
	done_testing();
	return 0;
}
