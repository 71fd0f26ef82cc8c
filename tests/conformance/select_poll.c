/*
 * select, pselect, poll and ppoll: timeouts honoured and never early, files
 * always ready, bad descriptors (EBADF, POLLNVAL), the errors, EINTR when a
 * handler runs, and pselect/ppoll's signal mask applied for the wait only.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <sys/select.h>
#include <sys/time.h>

#include "conformance.h"

static volatile sig_atomic_t handled;
/* BAD_PTR_LOW where glibc's access attributes cannot see it */
static void *volatile bad_ptr = BAD_PTR_LOW;

static void on_signal(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)si;
	(void)uc;
	handled++;
}

static void alarm_in_ms(long ms)
{
	struct itimerval v = {{0, 0}, {0, ms * 1000}};

	setitimer(ITIMER_REAL, &v, NULL);
}

int main(void)
{
	struct pollfd p[3];
	struct timeval tv;
	struct timespec ts;
	fd_set rs, ws;
	int64_t t0;
	int r;

	/* timeouts, nothing to wait for */
	t0 = mono_ns();
	r = poll(NULL, 0, 30);
	why("r=%d after %lld ns", r, (long long)(mono_ns() - t0));
	ok(r == 0 && mono_ns() - t0 >= 30 * NS_PER_MS, "poll(none, 30 ms) -> 0, not early");
	t0 = mono_ns();
	tv.tv_sec = 0;
	tv.tv_usec = 30000;
	r = select(0, NULL, NULL, NULL, &tv);
	why("r=%d after %lld ns", r, (long long)(mono_ns() - t0));
	ok(r == 0 && mono_ns() - t0 >= 30 * NS_PER_MS, "select(none, 30 ms) -> 0, not early");
	ok(tv.tv_sec == 0 && tv.tv_usec == 0, "select's timeval updated to 0 left");
	t0 = mono_ns();
	tv.tv_sec = 0;
	tv.tv_usec = 1020000; /* whole seconds carried out of tv_usec, as Linux */
	r = select(0, NULL, NULL, NULL, &tv);
	ok(r == 0 && mono_ns() - t0 >= 1020 * NS_PER_MS, "select(tv_usec 1020000) waits 1.02 s");
	t0 = mono_ns();
	ts = ns_ts(30 * NS_PER_MS);
	r = pselect(0, NULL, NULL, NULL, &ts, NULL);
	ok(r == 0 && mono_ns() - t0 >= 30 * NS_PER_MS, "pselect(none, 30 ms) -> 0, not early");
	t0 = mono_ns();
	r = ppoll(NULL, 0, &ts, NULL);
	ok(r == 0 && mono_ns() - t0 >= 30 * NS_PER_MS, "ppoll(none, 30 ms) -> 0, not early");

	/* files: always readable and writable */
	int fd = open("/proc/self/stat", O_RDONLY);
	ok(fd >= 0, "open /proc/self/stat");
	p[0] = (struct pollfd){fd, POLLIN | POLLOUT | POLLPRI, 0};
	p[1] = (struct pollfd){-1, POLLIN, 0};
	p[2] = (struct pollfd){fd, 0, 0};
	t0 = mono_ns();
	r = poll(p, 3, 1000);
	why("r=%d revents %#x %#x %#x", r, p[0].revents, p[1].revents, p[2].revents);
	ok(r == 1 && p[0].revents == (POLLIN | POLLOUT) && p[1].revents == 0 && p[2].revents == 0,
	   "poll: a /proc file is POLLIN|POLLOUT at once; fd -1 and events 0 ignored");
	ok(mono_ns() - t0 < 500 * NS_PER_MS, "poll on a ready file does not wait");
	FD_ZERO(&rs);
	FD_ZERO(&ws);
	FD_SET(fd, &rs);
	FD_SET(fd, &ws);
	tv.tv_sec = 1;
	tv.tv_usec = 0;
	r = select(fd + 1, &rs, &ws, NULL, &tv);
	ok(r == 2 && FD_ISSET(fd, &rs) && FD_ISSET(fd, &ws), "select: a /proc file readable and writable");
	ok(tv.tv_sec == 0 || (tv.tv_sec == 1 && tv.tv_usec == 0) || tv.tv_sec <= 1,
	   "select's timeval holds the time left");

	/* bad descriptors and arguments */
	p[0] = (struct pollfd){60, POLLIN, 0};
	r = poll(p, 1, 0);
	ok(r == 1 && p[0].revents == POLLNVAL, "poll(fd 60 not open) -> 1, POLLNVAL");
	FD_ZERO(&rs);
	FD_SET(60, &rs);
	tv.tv_sec = 0;
	tv.tv_usec = 0;
	EXPECT(select(61, &rs, NULL, NULL, &tv), EBADF, "select(fd 60 not open)");
	EXPECT(select(-1, NULL, NULL, NULL, &tv), EINVAL, "select(nfds -1)");
	tv.tv_usec = -1;
	EXPECT(select(0, NULL, NULL, NULL, &tv), EINVAL, "select(tv_usec -1)");
	tv.tv_sec = -1;
	tv.tv_usec = 0;
	EXPECT(select(0, NULL, NULL, NULL, &tv), EINVAL, "select(tv_sec -1)");
	tv.tv_sec = 0;
	EXPECT(select(1, bad_ptr, NULL, NULL, &tv), EFAULT, "select(bad fd_set)");
	EXPECT(poll(NULLP, 0x7fffffff, 0), EINVAL, "poll(nfds 0x7fffffff)");
	EXPECT(poll(bad_ptr, 1, 0), EFAULT, "poll(bad pointer)");
	ts.tv_sec = 0;
	ts.tv_nsec = 1000000000;
	EXPECT(pselect(0, NULL, NULL, NULL, &ts, NULL), EINVAL, "pselect(tv_nsec 1e9)");
	EXPECT(ppoll(NULL, 0, &ts, NULL), EINVAL, "ppoll(tv_nsec 1e9)");

	/* a handler ends the wait: EINTR */
	set_handler(SIGALRM, on_signal, 0);
	handled = 0;
	alarm_in_ms(20);
	t0 = mono_ns();
	EXPECT(poll(NULL, 0, 2000), EINTR, "poll interrupted by a handler");
	ok(handled == 1 && mono_ns() - t0 < 1500 * NS_PER_MS, "the handler ran, the wait ended");
	handled = 0;
	alarm_in_ms(20);
	tv.tv_sec = 2;
	tv.tv_usec = 0;
	EXPECT(select(0, NULL, NULL, NULL, &tv), EINTR, "select interrupted by a handler");
	why("left %ld.%06ld", (long)tv.tv_sec, (long)tv.tv_usec);
	ok(handled == 1 && tv.tv_sec >= 1 && tv.tv_sec < 2, "select's timeval holds the time left");
	handled = 0;
	set_handler(SIGALRM, on_signal, SA_RESTART);
	alarm_in_ms(20);
	EXPECT(poll(NULL, 0, 2000), EINTR, "poll: EINTR even with SA_RESTART");
	set_handler(SIGALRM, on_signal, 0);

	/* pselect/ppoll: the mask is the caller's during the wait only */
	sigset_t block, empty, now;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigemptyset(&empty);
	set_handler(SIGUSR1, on_signal, 0);
	sigprocmask(SIG_BLOCK, &block, NULL);
	handled = 0;
	raise(SIGUSR1);
	ts = ns_ts(2 * NS_PER_S);
	EXPECT(pselect(0, NULL, NULL, NULL, &ts, &empty), EINTR, "pselect(empty mask) takes a blocked pending signal");
	sigprocmask(SIG_BLOCK, NULL, &now);
	ok(handled == 1 && sigismember(&now, SIGUSR1), "its handler ran; the old mask is back");
	handled = 0;
	raise(SIGUSR1);
	ts = ns_ts(30 * NS_PER_MS);
	EXPECT(pselect(0, NULL, NULL, NULL, &ts, &block), 0, "pselect(mask blocking it) times out");
	ok(handled == 0 && is_pending(SIGUSR1) == 1, "the signal stays pending");
	ts = ns_ts(2 * NS_PER_S);
	EXPECT(ppoll(NULL, 0, &ts, &empty), EINTR, "ppoll(empty mask) takes it");
	sigprocmask(SIG_BLOCK, NULL, &now);
	ok(handled == 1 && sigismember(&now, SIGUSR1), "ppoll: handler ran, old mask back");
	sigprocmask(SIG_UNBLOCK, &block, NULL);
	close(fd);
	return done();
}
