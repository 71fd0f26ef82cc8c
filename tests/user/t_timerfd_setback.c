/*
 * A periodic CLOCK_REALTIME timerfd with an absolute first expiry, and the
 * wall clock set back over an expiry it has counted but nobody has read:
 * that expiry has not come yet after all, so it is uncounted and comes
 * again when the clock gets back there, and every expiry is read once.
 * Linux's answer, probed on Linux 6.1 i386 (the lines below are what it
 * prints): a non-blocking read finds nothing (EAGAIN), a blocking one
 * returns 0 bytes at once; the next reads count on.  Without
 * TFD_TIMER_CANCEL_ON_SET no read is ECANCELED; with it, the set back is.
 * tick386 once read 1 there, and the same expiry again later.
 */
/* requires: fs/timerfd.c */
/* qemu: -icount shift=3,sleep=off */
/* expect: status=0 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include "../tap.h"

static void shift(long long ns)
{
	struct timespec t;
	long long v;

	clock_gettime(CLOCK_REALTIME, &t);
	v = t.tv_sec * 1000000000LL + t.tv_nsec + ns;
	t.tv_sec = v / 1000000000LL;
	t.tv_nsec = v % 1000000000LL;
	clock_settime(CLOCK_REALTIME, &t);
}

static void msleep(long ms)
{
	struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&t, NULL);
}

/* A read's result: the count, or -errno; 0 for a read of no bytes. */
static long long rd(int fd)
{
	uint64_t v = 0;
	long r = read(fd, &v, 8);

	if (r < 0)
		return -errno;
	return r == 8 ? (long long)v : r == 0 ? 0 : -1000;
}

/* A periodic timer of int_ms on CLOCK_REALTIME, first expiry in first_ms. */
static int make(int tfd_flags, int set_flags, long first_ms, long int_ms)
{
	int fd = timerfd_create(CLOCK_REALTIME, tfd_flags);
	struct itimerspec its;
	struct timespec now;
	long long v;

	memset(&its, 0, sizeof(its));
	its.it_interval.tv_nsec = int_ms * 1000000L;
	clock_gettime(CLOCK_REALTIME, &now);
	v = now.tv_sec * 1000000000LL + now.tv_nsec + first_ms * 1000000LL;
	its.it_value.tv_sec = v / 1000000000LL;
	its.it_value.tv_nsec = v % 1000000000LL;
	timerfd_settime(fd, TFD_TIMER_ABSTIME | set_flags, &its, NULL);
	return fd;
}

int main(void)
{
	struct pollfd p;
	long long r;
	int fd;

	fd = make(TFD_NONBLOCK, 0, 100, 100);
	msleep(150);
	shift(-10000000000LL);
	r = rd(fd);
	ok(r == -EAGAIN, "fired once, clock set back 10 s: nothing to read (%lld)", r);
	p.fd = fd, p.events = POLLIN, p.revents = 0;
	ok(poll(&p, 1, 300) == 0, "and nothing comes while the clock is behind");
	shift(10000000000LL);
	msleep(50);
	r = rd(fd);
	ok(r == 5, "clock put forward again: each of the 5 expiries passed, once (%lld)", r);
	close(fd);

	fd = make(TFD_NONBLOCK, 0, 100, 100);
	msleep(150);
	shift(-60000000LL);
	r = rd(fd);
	ok(r == -EAGAIN, "set back 60 ms over the one expiry: EAGAIN (%lld)", r);
	msleep(100);
	r = rd(fd);
	ok(r == 1, "100 ms later it has come again: 1 (%lld)", r);
	close(fd);

	fd = make(TFD_NONBLOCK, 0, 100, 100);
	msleep(350);
	shift(-200000000LL);
	r = rd(fd);
	ok(r == 1, "3 due, set back 200 ms: the one before the clock's new time (%lld)", r);
	msleep(120);
	r = rd(fd);
	ok(r == 1, "then the next (%lld)", r);
	close(fd);

	fd = make(0, 0, 100, 100);
	msleep(150);
	shift(-60000000LL);
	r = rd(fd);
	ok(r == 0, "a blocking read there returns 0 bytes at once (%lld)", r);
	r = rd(fd);
	ok(r == 1, "the next blocking read waits for the expiry: 1 (%lld)", r);
	close(fd);

	fd = make(TFD_NONBLOCK, 0, 100, 0);
	msleep(150);
	shift(-10000000000LL);
	r = rd(fd);
	ok(r == 1, "a one-shot that fired reads 1, clock set back or not (%lld)", r);
	shift(10000000000LL);
	close(fd);

	fd = make(TFD_NONBLOCK, TFD_TIMER_CANCEL_ON_SET, 100, 100);
	msleep(150);
	shift(-10000000000LL);
	r = rd(fd);
	ok(r == -ECANCELED, "with TFD_TIMER_CANCEL_ON_SET the set back is ECANCELED (%lld)", r);
	r = rd(fd);
	ok(r == -EAGAIN, "once (%lld)", r);
	shift(10000000000LL);
	close(fd);
	return done_testing();
}
