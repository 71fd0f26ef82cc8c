/*
 * epoll under attack by close: another thread closes what an epoll_wait
 * sleeps on.
 *   - the epoll's own descriptor: the waiter holds the epoll's file, so it
 *     sleeps on to its time-out and returns 0 (Linux 6.18, probed); the
 *     epoll and its items are freed when it lets go;
 *   - the only descriptor of a watched eventfd: the item goes with the
 *     file (its last reference); new eventfds then take its memory and
 *     are written, and the waiter must report none of them (an item left
 *     pointing at the freed file would poll it: slub_debug's poison);
 *   - an epoll watched by another epoll, closed under the outer's wait.
 * Every object comes back: the kmalloc caches' count is the same before
 * and after, and the runner checks the pages.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "sleeper.h"
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

#define NR_epoll_pwait 319
#define WAIT_MS 300
#define HIGH_FD 40

static int epfd;
static volatile long result;
static volatile long long ended_ns;
static struct epoll_event events[4];

static int waiter_fn(void *arg)
{
	(void)arg;
	result = sys5(NR_epoll_pwait, epfd, (long)events, 4, WAIT_MS, 0);
	ended_ns = now_ns();
	return 0;
}

static int add(int ep, int fd, unsigned events, unsigned long long data)
{
	struct epoll_event ev = {events, {.u64 = data}};

	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

/* Start the waiter in slot, let it sleep, run what, join: the wait's time. */
static long long wait_under(int slot, void (*what)(void))
{
	long long t0 = now_ns();

	result = -9999;
	start(slot, waiter_fn, NULL);
	sleep_ns(SETTLE_NS);
	what();
	if (!join_within(slot, 3000000000ll))
		return -1;
	return ended_ns - t0;
}

static void close_epoll(void)
{
	ok(close(epfd) == 0, "close() of the epoll under its waiter");
}

static int watched;

static void close_watched(void)
{
	int fresh[6];

	ok(close(watched) == 0, "close() of the watched eventfd, its only descriptor");
	for (int i = 0; i < 6; i++) {
		fresh[i] = eventfd(1, 0); /* readable at once: the freed file's memory */
		eventfd_write(fresh[i], 1);
	}
	sleep_ns(50000000);
	for (int i = 0; i < 6; i++)
		close(fresh[i]);
}

static int inner;

static void close_inner(void)
{
	ok(close(inner) == 0, "close() of the inner epoll under the outer's waiter");
	eventfd_write(watched, 1); /* what the inner watched becomes ready */
}

int main(void)
{
	long before = kmalloc_objects(), after;
	long long t;

	/* the epoll's own descriptor */
	epfd = epoll_create1(0);
	watched = eventfd(0, 0);
	add(epfd, watched, EPOLLIN, 1);
	if (dup2(epfd, HIGH_FD) == HIGH_FD) {
		close(epfd);
		epfd = HIGH_FD;
	}
	t = wait_under(0, close_epoll);
	tap_why("the wait never returned");
	if (ok(t >= 0, "epoll: the waiter returned")) {
		tap_why("result %ld after %lld ns", result, t);
		ok(result == 0 && t >= WAIT_MS * 1000000ll, "epoll: it slept to its time-out, 0");
	}
	eventfd_write(watched, 1);
	close(watched);

	/* the watched file's only descriptor */
	epfd = epoll_create1(0);
	watched = eventfd(0, 0);
	add(epfd, watched, EPOLLIN, 2);
	t = wait_under(1, close_watched);
	if (ok(t >= 0, "watched file: the waiter returned")) {
		tap_why("result %ld, data %llu, after %lld ns", result,
			(unsigned long long)events[0].data.u64, t);
		ok(result == 0, "watched file: its item went with it, no event");
	}
	ok(epoll_wait(epfd, events, 4, 0) == 0, "the epoll is empty after");
	close(epfd);

	/* nested: the inner epoll closed under the outer's wait */
	epfd = epoll_create1(0);
	inner = epoll_create1(0);
	watched = eventfd(0, 0);
	add(inner, watched, EPOLLIN, 3);
	add(epfd, inner, EPOLLIN, 4);
	t = wait_under(2, close_inner);
	if (ok(t >= 0, "nested: the waiter returned")) {
		tap_why("result %ld after %lld ns", result, t);
		ok(result == 0, "nested: the inner epoll's item went with it");
	}
	close(epfd);
	close(watched);

	after = kmalloc_objects();
	tap_why("kmalloc objects in use %ld before, %ld after", before, after);
	ok(before >= 0 && after == before, "every epoll, item and file was freed");
	return done_testing();
}
