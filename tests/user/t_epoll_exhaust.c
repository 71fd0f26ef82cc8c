/*
 * epoll exhausted and tangled:
 *   - items until the descriptors run out: every epoll (made until
 *     EMFILE) watches every descriptor of one pipe's read end (dup'd until
 *     EMFILE): about nine hundred items, every one reported, then freed in
 *     both orders (files first, epolls first);
 *   - loops: random ADDs between 8 epolls; each answer is 0, EEXIST,
 *     EINVAL (itself) or ELOOP, and the graph built never has a cycle
 *     nor a chain of more than 5 epolls (checked here from the answers);
 *     every epoll is then waited on (no endless recursion);
 *   - a thread in epoll_wait while the main thread adds, deletes, closes
 *     and dup2s the watched descriptors, 500 rounds.
 * Everything comes back: the kmalloc caches' count is the same before and
 * after, and the runner checks the pages.  tick386 has FD_MAX = 64
 * descriptors, so the items stop at EMFILE, never at ENOMEM.
 */
/* expect: status=0 */
/* append: slub_debug */
#include "sleeper.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>

#define NR_epoll_pwait 319

static int add(int ep, int fd, unsigned events, unsigned long long data)
{
	struct epoll_event ev = {events, {.u64 = data}};

	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

/* ---- items until EMFILE ---- */

static void fill(int files_first)
{
	int p[2], fds[64], eps[64], nfds = 0, neps = 0, items = 0, bad = 0, reported = 0;
	struct epoll_event ev[64];

	pipe(p);
	fds[nfds++] = p[0];
	while (nfds < 31) {
		int d = dup(p[0]);
		if (d < 0)
			break;
		fds[nfds++] = d;
	}
	for (;;) {
		int e = epoll_create1(0);
		if (e < 0) {
			tap_why("errno %d", errno);
			ok(errno == EMFILE, "epoll_create1 until EMFILE");
			break;
		}
		eps[neps++] = e;
	}
	for (int i = 0; i < neps; i++)
		for (int j = 0; j < nfds; j++) {
			if (add(eps[i], fds[j], EPOLLIN, (unsigned long long)j) == 0)
				items++;
			else
				bad++;
		}
	tap_why("%d epolls x %d descriptors: %d items, %d refused", neps, nfds, items, bad);
	ok(bad == 0 && items == neps * nfds && items >= 800, "every item added (about nine hundred)");
	write(p[1], "x", 1);
	for (int i = 0; i < neps; i++) {
		int n = epoll_wait(eps[i], ev, 64, 0);
		unsigned long long seen = 0;
		for (int k = 0; k < n; k++)
			seen |= 1ull << ev[k].data.u64;
		if (n == nfds && seen == (1ull << nfds) - 1)
			reported++;
	}
	ok(reported == neps, "each epoll reports each of its items once");
	close(p[1]);
	if (files_first) {
		for (int j = 0; j < nfds; j++)
			close(fds[j]);
		int empty = 0;
		for (int i = 0; i < neps; i++)
			empty += epoll_wait(eps[i], ev, 64, 0) == 0;
		ok(empty == neps, "files closed first: every epoll is empty");
		for (int i = 0; i < neps; i++)
			close(eps[i]);
	} else {
		for (int i = 0; i < neps; i++)
			close(eps[i]);
		for (int j = 0; j < nfds; j++)
			close(fds[j]);
		ok(1, "epolls closed first, then the files");
	}
}

/* ---- loops ---- */

#define NEP 8
static int edge[NEP][NEP];

/* The longest chain below i (edges i -> j: i watches j); -1 on a cycle. */
static int depth_below(int i, int seen)
{
	int best = 0;

	if (seen & (1 << i))
		return -1;
	for (int j = 0; j < NEP; j++)
		if (edge[i][j]) {
			int d = depth_below(j, seen | (1 << i));
			if (d < 0)
				return -1;
			if (d + 1 > best)
				best = d + 1;
		}
	return best;
}

static unsigned rnd_state = 12345;

static unsigned rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 16;
}

static void loops(void)
{
	int ep[NEP], wrong = 0, added = 0, eloop = 0, deepest = 0, graph_bad = 0, waited = 0;
	struct epoll_event ev[8];
	int efd = eventfd(1, 0);

	memset(edge, 0, sizeof(edge));
	for (int i = 0; i < NEP; i++)
		ep[i] = epoll_create1(0);
	add(ep[0], efd, EPOLLIN, 100);
	for (int round = 0; round < 400; round++) {
		int i = rnd() % NEP, j = rnd() % NEP, r = add(ep[i], ep[j], EPOLLIN, (unsigned)j);
		int e = errno;

		if (r == 0) {
			edge[i][j] = 1;
			added++;
		} else if (e == ELOOP) {
			eloop++;
		} else if (!((e == EEXIST && edge[i][j]) || (e == EINVAL && i == j))) {
			wrong++;
		}
		if ((rnd() & 7) == 0) { /* now and then a DEL, so the graph changes */
			int a = rnd() % NEP, b = rnd() % NEP;
			if (edge[a][b] && epoll_ctl(ep[a], EPOLL_CTL_DEL, ep[b], NULL) == 0)
				edge[a][b] = 0;
		}
		for (int k = 0; k < NEP; k++) {
			int d = depth_below(k, 0);
			if (d < 0 || d > 4)
				graph_bad++;
			if (d > deepest)
				deepest = d;
		}
	}
	tap_why("%d added, %d ELOOP, %d wrong answers, deepest chain %d", added, eloop, wrong,
		deepest + 1);
	ok(wrong == 0 && added > 0 && eloop > 0, "random ADDs: 0, EEXIST, EINVAL or ELOOP");
	ok(graph_bad == 0, "never a cycle nor a chain of more than 5 epolls");
	for (int i = 0; i < NEP; i++)
		if (epoll_wait(ep[i], ev, 8, 0) >= 0)
			waited++;
	ok(waited == NEP, "every epoll of the tangle can be waited on");
	for (int i = NEP - 1; i >= 0; i--)
		close(ep[i]);

	/* a straight chain: 5 epolls deep at most, from below and above */
	int chained = 0;
	for (int i = 0; i < NEP; i++)
		ep[i] = epoll_create1(0);
	for (int i = 1; i < NEP; i++)
		chained += add(ep[i], ep[i - 1], EPOLLIN, 0) == 0;
	tap_why("%d links made", chained);
	ok(chained == 4 + 2, "a chain stops at 5 epolls (4 links); the next link fails, those after it succeed (as Linux 6.18)");
	for (int i = NEP - 1; i >= 0; i--)
		close(ep[i]);
	close(efd);
}

/* ---- ctl storms under a waiter ---- */

static int storm_ep;
static volatile int storm_stop;
static volatile long storm_waits, storm_bad;

static int storm_waiter(void *arg)
{
	struct epoll_event ev[8];

	(void)arg;
	while (!storm_stop) {
		long r = sys5(NR_epoll_pwait, storm_ep, (long)ev, 8, 1, 0);
		if (r < 0 && r != -4)
			storm_bad++;
		for (long k = 0; k < r; k++)
			if (ev[k].data.u64 >= 8)
				storm_bad++;
		storm_waits++;
	}
	return 0;
}

static void storm(void)
{
	int fds[8];

	storm_ep = epoll_create1(0);
	for (int k = 0; k < 8; k++)
		fds[k] = eventfd(1, 0);
	start(0, storm_waiter, NULL);
	for (int round = 0; round < 500; round++) {
		int k = rnd() % 8;
		switch (rnd() % 4) {
		case 0:
			add(storm_ep, fds[k], EPOLLIN | ((rnd() & 1) ? EPOLLET : 0), (unsigned)k);
			break;
		case 1:
			epoll_ctl(storm_ep, EPOLL_CTL_DEL, fds[k], NULL);
			break;
		case 2:
			close(fds[k]);
			fds[k] = eventfd(1, 0);
			break;
		case 3:
			dup2(fds[(k + 1) % 8], fds[k]); /* drops the file at fds[k] */
			break;
		}
		if ((round & 31) == 0)
			sleep_ns(1000000);
	}
	storm_stop = 1;
	ok(join_within(0, 3000000000ll), "storm: the waiter ended");
	tap_why("%ld waits, %ld bad", storm_waits, storm_bad);
	ok(storm_bad == 0 && storm_waits > 0, "storm: every wait answered sanely");
	for (int k = 0; k < 8; k++)
		close(fds[k]);
	close(storm_ep);
}

int main(void)
{
	long before = kmalloc_objects(), after;

	fill(1);
	fill(0);
	loops();
	storm();
	after = kmalloc_objects();
	tap_why("kmalloc objects in use %ld before, %ld after", before, after);
	ok(before >= 0 && after == before, "every epoll, item and file was freed");
	return done_testing();
}
