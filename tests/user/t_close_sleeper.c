/*
 * close() of a descriptor another thread sleeps on: the sleeping call holds
 * the file, so the close drops the descriptor only, and the sleeper goes on
 * as on Linux (probed on Linux 6.18): a read of a timerfd sleeps on until
 * the timer fires and reads its tick; poll on it reports POLLNVAL when it
 * wakes; select reports it ready.  The kernel once freed the timerfd
 * (its wait queue, its timer) under the reader: the timer never fired, the
 * reader slept on freed memory, and the freed object came back through
 * other allocations (a use-after-free reachable from ring 3).
 */
/* expect: status=0 */
/* append: slub_debug */
#include "sleeper.h"
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <sys/select.h>
#include <sys/timerfd.h>

#define TIMER_NS 300000000ll
#define HIGH_FD 40

static int tfd;
static volatile long result;
static volatile long long ended_ns;
static uint64_t ticks;
static struct pollfd pfd;
static fd_set rset;

static int reader_fn(void *arg)
{
	(void)arg;
	result = sys5(NR_read, tfd, (long)&ticks, sizeof(ticks), 0, 0);
	ended_ns = now_ns();
	return 0;
}

static int poller_fn(void *arg)
{
	(void)arg;
	pfd.fd = tfd;
	pfd.events = POLLIN;
	result = sys5(NR_poll, (long)&pfd, 1, -1, 0, 0);
	ended_ns = now_ns();
	return 0;
}

static int selecter_fn(void *arg)
{
	(void)arg;
	FD_ZERO(&rset);
	FD_SET(tfd, &rset);
	result = sys5(NR_select, tfd + 1, (long)&rset, 0, 0, 0);
	ended_ns = now_ns();
	return 0;
}

/*
 * A timerfd due in TIMER_NS; fn sleeps on it in a thread; we close it, then
 * make and arm more timerfds (they would take the freed object's memory),
 * and wait for the thread (in its own slot: one that never ends keeps its
 * stack).  Returns the time from arming to the thread's
 * end, or -1 if it did not end.
 */
static int by_dup2; /* drop the descriptor by dup2 of stdout over it, not close */

static long long close_under(int slot, int (*fn)(void *), const char *what)
{
	struct itimerspec its = {{0, 0}, {0, TIMER_NS}};
	struct itimerspec soon = {{0, 1000000}, {0, 1000000}};
	int others[8];
	long long t0;
	int joined;

	/* at a high number, so that the new timerfds below do not take it:
	 * poll and select look the descriptor up again when they wake */
	tfd = timerfd_create(CLOCK_MONOTONIC, 0);
	if (dup2(tfd, HIGH_FD) == HIGH_FD) {
		close(tfd);
		tfd = HIGH_FD;
	}
	result = -9999;
	t0 = now_ns();
	timerfd_settime(tfd, 0, &its, NULL);
	start(slot, fn, NULL);
	sleep_ns(SETTLE_NS);
	if (by_dup2)
		ok(dup2(1, tfd) == tfd, "%s: dup2() over the descriptor it sleeps on", what);
	else
		ok(close(tfd) == 0, "%s: close() of the descriptor it sleeps on", what);
	for (int i = 0; i < 8; i++) {
		others[i] = timerfd_create(CLOCK_MONOTONIC, 0);
		timerfd_settime(others[i], 0, &soon, NULL);
	}
	joined = join_within(slot, 3000000000ll);
	for (int i = 0; i < 8; i++)
		close(others[i]);
	if (!joined)
		return -1;
	return ended_ns - t0;
}

int main(void)
{
	long long t;
	long before = kmalloc_objects(), after;

	t = close_under(0, reader_fn, "read");
	tap_why("the read never returned");
	if (ok(t >= 0, "read: the reader's call returned")) {
		tap_why("read = %ld, ticks %llu", result, (unsigned long long)ticks);
		ok(result == 8 && ticks == 1, "read: it read the timer's one tick");
		tap_why("after %lld ns", t);
		ok(t >= TIMER_NS, "read: it slept until the timer fired");
	}

	t = close_under(1, poller_fn, "poll");
	tap_why("poll never returned");
	if (ok(t >= 0, "poll: the poller's call returned")) {
		tap_why("poll = %ld, revents %#x", result, pfd.revents);
		ok(result == 1 && pfd.revents == POLLNVAL, "poll: 1, POLLNVAL");
		/* Linux wakes it when the timer fires; tick386's pollers look
		 * again whenever any file becomes ready (fs/select.c), here
		 * the new timerfds: when is not compared. */
		tap_note("poll returned after %lld ns", t);
	}

	t = close_under(2, selecter_fn, "select");
	tap_why("select never returned");
	if (ok(t >= 0, "select: the call returned")) {
		tap_why("select = %ld", result);
		ok(result == 1 && FD_ISSET(tfd, &rset), "select: 1, the closed descriptor ready");
	}
	/* dup2 over the descriptor drops the file as close does */
	by_dup2 = 1;
	t = close_under(3, reader_fn, "read, dup2");
	close(tfd);
	tap_why("the read never returned");
	if (ok(t >= 0, "read, dup2: the reader's call returned")) {
		tap_why("read = %ld, ticks %llu after %lld ns", result, (unsigned long long)ticks,
			t);
		ok(result == 8 && ticks == 1 && t >= TIMER_NS,
		   "read, dup2: it read the timer's one tick when it fired");
	}

	after = kmalloc_objects();
	if (before >= 0) {
		tap_why("kmalloc objects in use %ld before, %ld after", before, after);
		ok(after == before, "the closed files were freed when their sleepers let go");
	} else {
		tap_skip("no tick386 /proc/slabinfo",
			 "the closed files were freed when their sleepers let go");
	}
	return done_testing();
}
