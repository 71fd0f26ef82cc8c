/*
 * epoll: epoll_create/create1 (EINVAL, EPOLL_CLOEXEC), epoll_ctl's errors in
 * Linux's order (EFAULT, EBADF, EPERM for a regular file or a directory,
 * EINVAL for the epoll itself or a non-epoll, EPOLLEXCLUSIVE's rules,
 * EEXIST, ENOENT, ELOOP for a cycle and for a chain of more than 4 nested
 * epolls), epoll_wait's (EBADF first, as Linux 6.18; EINVAL, EFAULT);
 * level-triggered,
 * EPOLLET (a rising edge, a partial read gives none, every write into a
 * pipe an edge again, EPOLLOUT again when a reader empties a full
 * one-page pipe: LTP's epoll_wait06), EPOLLEXCLUSIVE (a write wakes one of
 * several epolls waiting on a pipe, without it all: epoll_wait16 and 15),
 * EPOLLONESHOT and
 * its re-arming, EPOLLHUP and EPOLLERR of pipes, a nested epoll readable,
 * maxevents 1 taking the ready items in turn; items live as long as their
 * file, not their descriptor; timeouts of epoll_wait and epoll_pwait2
 * never early, NULL waits for a child's write; a handler ends a wait with
 * EINTR even under SA_RESTART; epoll_pwait's mask is in force only during
 * the wait.
 */
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/timerfd.h>
#include <sys/wait.h>

#include "conformance.h"

static void *volatile bad_ptr = BAD_PTR_LOW;
static volatile int got_usr1;
static volatile int minus_one = -1; /* glibc's access hints refuse a literal -1 */

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
	(void)sig, (void)si, (void)uc;
	got_usr1++;
}

static int add(int ep, int fd, uint32_t events, uint64_t data)
{
	struct epoll_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.events = events;
	ev.data.u64 = data;
	return epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
}

static int mod(int ep, int fd, uint32_t events, uint64_t data)
{
	struct epoll_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.events = events;
	ev.data.u64 = data;
	return epoll_ctl(ep, EPOLL_CTL_MOD, fd, &ev);
}

/* One wait of timeout_ms for at most max events: "n [events data] ...". */
static const char *wait_str(int ep, int max, int timeout_ms)
{
	static char s[200];
	struct epoll_event ev[8];
	int n = epoll_wait(ep, ev, max, timeout_ms), len;

	if (n < 0) {
		snprintf(s, sizeof(s), "-1 %s", errname(errno));
		return s;
	}
	len = snprintf(s, sizeof(s), "%d", n);
	for (int i = 0; i < n && len < (int)sizeof(s) - 40; i++)
		len += snprintf(s + len, sizeof(s) - len, " [%#x %llu]", ev[i].events,
				(unsigned long long)ev[i].data.u64);
	return s;
}

#define WAIT_IS(ep, max, want, desc)                                                               \
	do {                                                                                       \
		const char *got_ = wait_str(ep, max, 0);                                           \
		why("got %s", got_);                                                               \
		ok(strcmp(got_, want) == 0, "%s: %s", desc, want);                                 \
	} while (0)

#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031
#endif

/* LTP's epoll_wait06: a one-page non-blocking pipe filled, EPOLLET on both
 * ends; half a read reports nothing, the rest EPOLLOUT. */
static void et_full_pipe(void)
{
	static char page[4096];
	int p[2], ep = epoll_create1(0);

	if (pipe(p)) {
		ok(0, "pipe");
		return;
	}
	fcntl(p[0], F_SETFL, O_NONBLOCK);
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	ok(fcntl(p[1], F_SETPIPE_SZ, 4096) == 4096, "F_SETPIPE_SZ(4096)");
	add(ep, p[0], EPOLLIN | EPOLLET, 20);
	add(ep, p[1], EPOLLOUT | EPOLLET, 21);
	ok(write(p[1], page, 4096) == 4096, "a page fills it");
	EXPECT(write(p[1], page, 4096), EAGAIN, "another page");
	WAIT_IS(ep, 1, "1 [0x1 20]", "ET, full: the read end");
	ok(read(p[0], page, 2048) == 2048, "read half");
	WAIT_IS(ep, 1, "0", "ET, half read: nothing");
	ok(read(p[0], page, 2048) == 2048, "read the rest");
	EXPECT(read(p[0], page, 2048), EAGAIN, "read of the empty pipe");
	WAIT_IS(ep, 1, "1 [0x4 21]", "ET, emptied: EPOLLOUT again");
	WAIT_IS(ep, 4, "0", "ET, then nothing");
	ok(write(p[1], page, 4096) == 4096, "fill it again");
	WAIT_IS(ep, 4, "1 [0x1 20]", "ET, full again: the read end");
	ok(read(p[0], page, 4096) == 4096, "read it all at once");
	WAIT_IS(ep, 4, "1 [0x4 21]", "ET, emptied at once: EPOLLOUT");
	close(ep);
	close(p[0]);
	close(p[1]);
}

#define NWAITERS 4

/* LTP's epoll_wait15 and 16: NWAITERS children, each with its own epoll
 * holding the read end EPOLLIN | EPOLLET (| EPOLLEXCLUSIVE), wait in
 * epoll_wait; each write wakes them all, or one of those still waiting.
 * Each child reports its index on rep when its wait returns 1. */
static void herd(int exclusive)
{
	const char *what = exclusive ? "EPOLLEXCLUSIVE" : "not exclusive";
	int p[2], rep[2], woke = 0, rounds_ok = 1;
	pid_t pids[NWAITERS];
	char c;

	if (pipe(p) || pipe(rep)) {
		ok(0, "pipes");
		return;
	}
	for (int i = 0; i < NWAITERS; i++) {
		pids[i] = fork();
		if (pids[i] == 0) {
			struct epoll_event e = {.events = EPOLLIN | EPOLLET};
			int efd = epoll_create1(0);

			if (exclusive)
				e.events |= EPOLLEXCLUSIVE;
			close(rep[0]);
			epoll_ctl(efd, EPOLL_CTL_ADD, p[0], &e);
			if (epoll_wait(efd, &e, 1, 3000) == 1) {
				c = (char)('0' + i);
				write(rep[1], &c, 1);
			}
			_exit(0);
		}
	}
	close(rep[1]);
	sleep_ms(200); /* all asleep in epoll_wait */
	for (int round = 0; round < (exclusive ? NWAITERS : 1); round++) {
		struct pollfd pf = {.fd = rep[0], .events = POLLIN};
		int got = 0;

		write(p[1], "x", 1);
		/* the reports of this write: at most NWAITERS */
		while (poll(&pf, 1, exclusive ? 150 : 400) == 1 && read(rep[0], &c, 1) == 1)
			got++;
		why("round %d: %d woke", round, got);
		if (got != (exclusive ? 1 : NWAITERS))
			rounds_ok = 0;
		woke += got;
		read(p[0], &c, 1);
	}
	ok(rounds_ok, "%s: a write woke %s", what, exclusive ? "one waiter each time" : "every waiter");
	for (int i = 0; i < NWAITERS; i++)
		waitpid(pids[i], NULL, 0);
	why("%d reports", woke);
	ok(woke == NWAITERS, "%s: each waiter woke once", what);
	close(p[0]);
	close(p[1]);
	close(rep[0]);
}

/* /proc/mounts reports EPOLLPRI|EPOLLERR once after each mount and
 * unmount (Linux's mounts_poll; LTP's epoll_wait10). */
static void mount_events(void)
{
	struct epoll_event ev = {.events = EPOLLPRI}, got;
	char dir[64];
	int ep = epoll_create1(0), fd = open("/proc/mounts", O_RDONLY);

	strcpy(dir, "/dev/shm/conf-epoll-XXXXXX");
	if (fd < 0 || ep < 0 || !mkdtemp(dir)) {
		ok(0, "/proc/mounts and a directory");
		return;
	}
	ok(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) == 0, "/proc/mounts: epoll_ctl ADD EPOLLPRI");
	ok(epoll_wait(ep, &got, 1, 0) == 0, "no event before a mount");
	if (mount("none", dir, "tmpfs", 0, "size=64k") != 0) {
		skip("mounting a tmpfs needs root", "EPOLLPRI after a mount and an unmount");
	} else {
		ok(epoll_wait(ep, &got, 1, 1000) == 1 && (got.events & (EPOLLPRI | EPOLLERR)) == (EPOLLPRI | EPOLLERR),
		   "after a mount: EPOLLPRI|EPOLLERR");
		ok(epoll_wait(ep, &got, 1, 0) == 0, "reported once");
		ok(umount(dir) == 0 && epoll_wait(ep, &got, 1, 1000) == 1 && (got.events & EPOLLPRI),
		   "after the unmount: EPOLLPRI again");
		/* The count is the open's (mounts_open_common), not the first
		 * poll's: a mount in between is reported by that poll (LTP's
		 * epoll_wait10).  epoll_ctl ADD polls the file once (ep_insert),
		 * and that poll takes it: epoll_wait, polling again, sees none. */
		{
			int fd2 = open("/proc/mounts", O_RDONLY), ep2 = epoll_create1(0), n;
			struct pollfd pf = {.fd = fd2, .events = POLLPRI};

			ok(fd2 >= 0 && mount("none", dir, "tmpfs", 0, "size=64k") == 0 &&
				   poll(&pf, 1, 0) == 1 && pf.revents == (POLLPRI | POLLERR),
			   "a mount between the open and poll: POLLPRI|POLLERR");
			ok(poll(&pf, 1, 0) == 0, "then none");
			close(fd2);
			fd2 = open("/proc/mounts", O_RDONLY);
			ok(fd2 >= 0 && ep2 >= 0 && umount(dir) == 0 &&
				   epoll_ctl(ep2, EPOLL_CTL_ADD, fd2, &ev) == 0,
			   "an unmount between the open and epoll_ctl ADD");
			n = epoll_wait(ep2, &got, 1, 0);
			why("%d", n);
			ok(n == 0, "the ADD's poll took it: epoll_wait reports none");
			ok(mount("none", dir, "tmpfs", 0, "size=64k") == 0 &&
				   epoll_wait(ep2, &got, 1, 1000) == 1 &&
				   got.events == (EPOLLPRI | EPOLLERR),
			   "a mount after: EPOLLPRI|EPOLLERR");
			umount(dir);
			close(ep2);
			close(fd2);
		}
	}
	rmdir(dir);
	close(fd);
	close(ep);
}

int main(void)
{
	struct epoll_event ev, evs[4];
	int ep, p[2], q[2], fd, d;
	char buf[16];
	int64_t t0;

	/* ---- creation ---- */
	EXPECT(epoll_create(0), EINVAL, "epoll_create(0)");
	EXPECT(epoll_create(-1), EINVAL, "epoll_create(-1)");
	fd = epoll_create(1);
	ok(fd >= 0 && fcntl(fd, F_GETFD) == 0, "epoll_create(1): an fd, no FD_CLOEXEC");
	close(fd);
	EXPECT(epoll_create1(1), EINVAL, "epoll_create1(1)");
	ep = epoll_create1(EPOLL_CLOEXEC);
	ok(ep >= 0 && fcntl(ep, F_GETFD) == FD_CLOEXEC, "epoll_create1(EPOLL_CLOEXEC): FD_CLOEXEC");
	EXPECT(read(ep, buf, 8), EINVAL, "read(epoll)");
	ok(pipe(p) == 0 && pipe(q) == 0, "two pipes");

	/* ---- epoll_ctl's errors, in Linux's order ---- */
	EXPECT(epoll_ctl(ep, EPOLL_CTL_ADD, p[0], bad_ptr), EFAULT, "ADD, bad event pointer");
	EXPECT(epoll_ctl(99, EPOLL_CTL_ADD, 98, bad_ptr), EFAULT, "ADD, bad pointer and fds: EFAULT first");
	EXPECT(epoll_ctl(ep, EPOLL_CTL_DEL, 99, bad_ptr), EBADF, "DEL reads no event: EBADF");
	EXPECT(add(99, p[0], EPOLLIN, 0), EBADF, "ADD to epfd 99");
	EXPECT(add(ep, 99, EPOLLIN, 0), EBADF, "ADD fd 99");
	fd = open("/bin/sh", O_RDONLY);
	if (fd < 0)
		fd = open("/init", O_RDONLY); /* Linux i386's test root has no sh */
	ok(fd >= 0, "open(a regular file: /bin/sh or /init)");
	EXPECT(add(ep, fd, EPOLLIN, 0), EPERM, "ADD a regular file");
	close(fd);
	fd = open("/", O_RDONLY);
	EXPECT(add(ep, fd, EPOLLIN, 0), EPERM, "ADD a directory");
	EXPECT(add(fd, p[0], EPOLLIN, 0), EINVAL, "ADD to a directory's fd (not an epoll)");
	close(fd);
	fd = open("/proc/self/stat", O_RDONLY);
	EXPECT(add(ep, fd, EPOLLIN, 0), EPERM, "ADD /proc/self/stat (no poll op)");
	close(fd);
	fd = open("/proc/uptime", O_RDONLY);
	EXPECT(add(ep, fd, EPOLLIN, 0), 0, "ADD /proc/uptime (proc's default poll)");
	WAIT_IS(ep, 4, "1 [0x1 0]", "/proc/uptime: always readable");
	close(fd);
	WAIT_IS(ep, 4, "0", "closed: gone");
	EXPECT(add(ep, ep, EPOLLIN, 0), EINVAL, "ADD the epoll to itself");
	EXPECT(add(p[0], q[0], EPOLLIN, 0), EINVAL, "ADD to a pipe (not an epoll)");
	EXPECT(add(ep, p[0], EPOLLIN, 0), 0, "ADD");
	EXPECT(add(ep, p[0], EPOLLOUT, 0), EEXIST, "ADD again");
	EXPECT(mod(ep, q[0], EPOLLIN, 0), ENOENT, "MOD of no item");
	EXPECT(epoll_ctl(ep, EPOLL_CTL_DEL, q[0], NULL), ENOENT, "DEL of no item");
	EXPECT(epoll_ctl(ep, 0, p[0], &ev), EINVAL, "op 0");
	EXPECT(epoll_ctl(ep, 4, p[0], &ev), EINVAL, "op 4");
	EXPECT(mod(ep, p[0], EPOLLIN | EPOLLEXCLUSIVE, 0), EINVAL, "MOD with EPOLLEXCLUSIVE");
	EXPECT(add(ep, q[0], EPOLLIN | EPOLLEXCLUSIVE | EPOLLONESHOT, 0), EINVAL,
	       "ADD EPOLLEXCLUSIVE|EPOLLONESHOT");
	EXPECT(add(ep, q[0], EPOLLIN | EPOLLEXCLUSIVE, 0), 0, "ADD EPOLLEXCLUSIVE");
	EXPECT(mod(ep, q[0], EPOLLIN, 0), EINVAL, "MOD of an EPOLLEXCLUSIVE item");
	EXPECT(epoll_ctl(ep, EPOLL_CTL_DEL, q[0], NULL), 0, "DEL (NULL event)");
	EXPECT(epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL), 0, "DEL");
	d = epoll_create1(0);
	EXPECT(add(ep, d, EPOLLIN | EPOLLEXCLUSIVE, 0), EINVAL, "ADD an epoll with EPOLLEXCLUSIVE");
	EXPECT(add(ep, d, EPOLLIN, 0), 0, "ADD an epoll into an epoll");
	EXPECT(add(d, ep, EPOLLIN, 0), ELOOP, "ADD closing a cycle");
	close(d);

	/* a chain of 5 epolls is the deepest: the 6th is ELOOP, from either end */
	int c[7];
	for (int i = 0; i < 7; i++)
		c[i] = epoll_create1(0);
	for (int i = 1; i <= 4; i++)
		EXPECT(add(c[i], c[i - 1], EPOLLIN, 0), 0, "chain: %d epolls", i + 1);
	EXPECT(add(c[5], c[4], EPOLLIN, 0), ELOOP, "chain: 6 epolls (from the bottom)");
	EXPECT(add(c[6], c[0], EPOLLIN, 0), 0, "a 2-chain beside");
	EXPECT(add(c[0], c[5], EPOLLIN, 0), ELOOP, "chain: 6 epolls (from the top)");
	for (int i = 0; i < 7; i++)
		close(c[i]);

	/* ---- epoll_wait's errors ---- */
	EXPECT(epoll_wait(ep, evs, 0, 0), EINVAL, "epoll_wait(maxevents 0)");
	EXPECT(epoll_wait(ep, evs, minus_one, 0), EINVAL, "epoll_wait(maxevents -1)");
	EXPECT(epoll_wait(99, evs, 0, 0), EBADF, "epoll_wait(fd 99, maxevents 0): EBADF first");
	EXPECT(epoll_wait(0, evs, 0, 0), EINVAL, "epoll_wait(stdin, maxevents 0)");
	d = epoll_create1(0);
	add(d, p[1], EPOLLOUT, 0);
	EXPECT(epoll_wait(d, bad_ptr, 1, 0), EFAULT, "epoll_wait(bad buffer, an event ready)");
	ok(epoll_wait(d, evs, 1, 0) == 1, "the event is still there after");
	close(d);
	EXPECT(epoll_wait(99, evs, 1, 0), EBADF, "epoll_wait(fd 99)");
	EXPECT(epoll_wait(p[0], evs, 1, 0), EINVAL, "epoll_wait(a pipe)");

	/* ---- level-triggered ---- */
	ep = epoll_create1(0);
	add(ep, p[0], EPOLLIN, 1);
	WAIT_IS(ep, 4, "0", "LT, empty pipe");
	write(p[1], "ab", 2);
	WAIT_IS(ep, 4, "1 [0x1 1]", "LT, after a write");
	WAIT_IS(ep, 4, "1 [0x1 1]", "LT, again (not read)");
	read(p[0], buf, 1);
	WAIT_IS(ep, 4, "1 [0x1 1]", "LT, partial read");
	read(p[0], buf, 1);
	WAIT_IS(ep, 4, "0", "LT, drained");
	add(ep, p[1], EPOLLOUT, 2);
	WAIT_IS(ep, 4, "1 [0x4 2]", "LT, the write end: EPOLLOUT");
	mod(ep, p[1], EPOLLIN, 3);
	WAIT_IS(ep, 4, "0", "MOD to EPOLLIN on the write end");
	epoll_ctl(ep, EPOLL_CTL_DEL, p[1], NULL);
	/* maxevents 1: the two ready items in turn */
	add(ep, q[0], EPOLLIN, 4);
	write(p[1], "a", 1);
	write(q[1], "b", 1);
	WAIT_IS(ep, 1, "1 [0x1 1]", "maxevents 1, first");
	WAIT_IS(ep, 1, "1 [0x1 4]", "maxevents 1, the other next");
	WAIT_IS(ep, 1, "1 [0x1 1]", "maxevents 1, the first again");
	WAIT_IS(ep, 4, "2 [0x1 4] [0x1 1]", "maxevents 4: both");
	read(p[0], buf, 1);
	read(q[0], buf, 1);
	close(ep);

	/* ---- edge-triggered ---- */
	ep = epoll_create1(0);
	add(ep, p[0], EPOLLIN | EPOLLET, 5);
	WAIT_IS(ep, 4, "0", "ET, empty");
	write(p[1], "ab", 2);
	WAIT_IS(ep, 4, "1 [0x1 5]", "ET, after a write");
	WAIT_IS(ep, 4, "0", "ET, again: no new edge");
	write(p[1], "e", 1);
	/* Linux wakes the readers' queue on every write to a polled pipe */
	WAIT_IS(ep, 4, "1 [0x1 5]", "ET, a second write into the unread pipe: an edge again");
	read(p[0], buf, 1);
	WAIT_IS(ep, 4, "0", "ET, partial read: none");
	read(p[0], buf, 8);
	WAIT_IS(ep, 4, "0", "ET, drained");
	write(p[1], "c", 1);
	WAIT_IS(ep, 4, "1 [0x1 5]", "ET, a write after draining");
	read(p[0], buf, 8);
	write(p[1], "d", 1);
	mod(ep, p[0], EPOLLIN | EPOLLET, 6);
	WAIT_IS(ep, 4, "1 [0x1 6]", "ET, MOD while readable reports it");
	read(p[0], buf, 8);
	close(ep);

	et_full_pipe();

	/* ---- one-shot ---- */
	ep = epoll_create1(0);
	add(ep, p[0], EPOLLIN | EPOLLONESHOT, 7);
	write(p[1], "a", 1);
	WAIT_IS(ep, 4, "1 [0x1 7]", "ONESHOT, first");
	WAIT_IS(ep, 4, "0", "ONESHOT, then nothing (still readable)");
	EXPECT(add(ep, p[0], EPOLLIN, 0), EEXIST, "ONESHOT fired: the item is still there");
	EXPECT(mod(ep, p[0], EPOLLIN | EPOLLONESHOT, 8), 0, "MOD re-arms");
	WAIT_IS(ep, 4, "1 [0x1 8]", "ONESHOT, after MOD");
	read(p[0], buf, 8);
	close(ep);

	/* ---- HUP and ERR of pipes ---- */
	int r[2];
	pipe(r);
	ep = epoll_create1(0);
	add(ep, r[0], EPOLLIN | EPOLLRDHUP, 9);
	write(r[1], "a", 1);
	close(r[1]);
	WAIT_IS(ep, 4, "1 [0x11 9]", "read end, writer gone, data left: IN|HUP");
	read(r[0], buf, 8);
	WAIT_IS(ep, 4, "1 [0x10 9]", "drained: HUP (no RDHUP on a pipe)");
	mod(ep, r[0], 0, 10);
	WAIT_IS(ep, 4, "1 [0x10 10]", "events 0: HUP still reported");
	close(r[0]);
	pipe(r);
	add(ep, r[1], EPOLLOUT, 11);
	close(r[0]);
	WAIT_IS(ep, 4, "1 [0xc 11]", "write end, reader gone: OUT|ERR");
	close(r[1]);
	WAIT_IS(ep, 4, "0", "closed: the item is gone");
	close(ep);

	/* ---- nesting ---- */
	int inner = epoll_create1(0);
	ep = epoll_create1(0);
	add(inner, p[0], EPOLLIN, 12);
	add(ep, inner, EPOLLIN, 13);
	WAIT_IS(ep, 4, "0", "nested, nothing ready");
	write(p[1], "a", 1);
	WAIT_IS(ep, 4, "1 [0x1 13]", "nested: the inner epoll readable");
	struct pollfd pf = {inner, POLLIN | POLLOUT, 0};
	ok(poll(&pf, 1, 0) == 1 && pf.revents == POLLIN, "poll of an epoll: POLLIN");
	read(p[0], buf, 8);
	WAIT_IS(ep, 4, "0", "nested, drained");
	close(inner);
	WAIT_IS(ep, 4, "0", "inner closed: gone from the outer");
	close(ep);

	/* ---- lifetime: the file, not the descriptor ---- */
	ep = epoll_create1(0);
	pipe(r);
	d = dup(r[0]);
	add(ep, r[0], EPOLLIN, 14);
	write(r[1], "a", 1);
	close(r[0]);
	WAIT_IS(ep, 4, "1 [0x1 14]", "closed fd, dup alive: still reported");
	EXPECT(epoll_ctl(ep, EPOLL_CTL_DEL, r[0], NULL), EBADF, "DEL of the closed fd");
	EXPECT(epoll_ctl(ep, EPOLL_CTL_DEL, d, NULL), ENOENT, "DEL by the dup's number");
	EXPECT(add(ep, d, EPOLLIN, 15), 0, "ADD the dup: another item");
	WAIT_IS(ep, 4, "2 [0x1 14] [0x1 15]", "both items of one file");
	close(d);
	WAIT_IS(ep, 4, "0", "last descriptor closed: both gone");
	close(r[1]);

	/* ---- other files ---- */
	int efd = eventfd(0, EFD_NONBLOCK);
	add(ep, efd, EPOLLIN | EPOLLOUT, 16);
	WAIT_IS(ep, 4, "1 [0x4 16]", "eventfd at 0: OUT");
	eventfd_write(efd, 1);
	WAIT_IS(ep, 4, "1 [0x5 16]", "eventfd at 1: IN|OUT");
	close(efd);
	int tfd = timerfd_create(CLOCK_MONOTONIC, 0);
	struct itimerspec its = {{0, 0}, {0, 20 * NS_PER_MS}};
	add(ep, tfd, EPOLLIN, 17);
	t0 = mono_ns();
	timerfd_settime(tfd, 0, &its, NULL);
	ok(epoll_wait(ep, evs, 4, -1) == 1 && evs[0].data.u64 == 17, "timerfd: wait -1 until it fires");
	why("after %lld ns", (long long)(mono_ns() - t0));
	ok(mono_ns() - t0 >= 20 * NS_PER_MS, "not before the timer");
	close(tfd);

	/* ---- timeouts ---- */
	t0 = mono_ns();
	ok(epoll_wait(ep, evs, 4, 50) == 0, "epoll_wait(50 ms), nothing -> 0");
	why("after %lld ns", (long long)(mono_ns() - t0));
	ok(mono_ns() - t0 >= 50 * NS_PER_MS, "no earlier than 50 ms");
	struct timespec ts = {0, 30 * NS_PER_MS};
	t0 = mono_ns();
	ok(epoll_pwait2(ep, evs, 4, &ts, NULL) == 0, "epoll_pwait2(30 ms) -> 0");
	why("after %lld ns", (long long)(mono_ns() - t0));
	ok(mono_ns() - t0 >= 30 * NS_PER_MS, "no earlier than 30 ms");
	ts.tv_nsec = NS_PER_S;
	EXPECT(epoll_pwait2(ep, evs, 4, &ts, NULL), EINVAL, "epoll_pwait2(tv_nsec 1e9)");
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	EXPECT(epoll_pwait2(ep, evs, 4, &ts, NULL), EINVAL, "epoll_pwait2(-1 s)");
	/* no bad timeout pointer: a 32-bit C library converts the timespec
	 * to the kernel's 64-bit one itself (it would fault, as glibc's) */
	add(ep, p[0], EPOLLIN, 18);
	pid_t pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		_exit(write(p[1], "a", 1) == 1 ? 0 : 1);
	}
	t0 = mono_ns();
	ok(epoll_pwait2(ep, evs, 4, NULL, NULL) == 1 && evs[0].data.u64 == 18,
	   "epoll_pwait2(NULL) waits for a child's write");
	ok(mono_ns() - t0 >= 30 * NS_PER_MS, "not before it");
	waitpid(pid, NULL, 0);
	read(p[0], buf, 8);

	/* ---- signals ---- */
	set_handler(SIGUSR1, on_usr1, SA_RESTART);
	pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	EXPECT(epoll_wait(ep, evs, 4, 5000), EINTR, "a handler (SA_RESTART) ends epoll_wait");
	ok(got_usr1 == 1, "the handler ran");
	waitpid(pid, NULL, 0);

	sigset_t none, cur;
	sigemptyset(&none);
	block_signal(SIGUSR1);
	pid = fork();
	if (pid == 0) {
		sleep_ms(30);
		kill(getppid(), SIGUSR1);
		_exit(0);
	}
	t0 = mono_ns();
	EXPECT(epoll_pwait(ep, evs, 4, 5000, &none), EINTR, "epoll_pwait unblocking SIGUSR1: EINTR");
	ok(got_usr1 == 2, "the handler ran during the wait");
	sigprocmask(SIG_BLOCK, NULL, &cur);
	ok(sigismember(&cur, SIGUSR1) == 1, "the old mask is back after");
	waitpid(pid, NULL, 0);
	kill(getpid(), SIGUSR1);
	EXPECT(epoll_pwait(ep, evs, 4, 0, NULL), 0, "epoll_pwait(NULL mask), SIGUSR1 pending blocked");
	ok(got_usr1 == 2 && is_pending(SIGUSR1) == 1, "it stays pending");
	unblock_signal(SIGUSR1);
	ok(got_usr1 == 3, "delivered when unblocked");
	close(ep);
	herd(0);
	herd(1);
	mount_events();
	return done();
}
